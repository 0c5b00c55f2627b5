#!/bin/sh
# make installcheck: a smoke test of the installed copies.  Usage:
#   installcheck.sh VERSION BINDIR MANDIR COMPDIR PROG...
# Each program's --version, a small pipeline through all of them with
# PATH pointing at BINDIR first (known answers, not the build tree's,
# which may be gone), the manual pages found by man -M MANDIR, and the
# completion file.  Prints what fails; exit status 1 if anything did.
set -u
version=$1 bindir=$2 mandir=$3 compdir=$4
shift 4
fails=0
fail() { echo "installcheck: $*" >&2; fails=$((fails + 1)); }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/crawlutils-installcheck.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
PATH="$bindir:$PATH"
export PATH LC_ALL=C

for p; do
	got=$(command -v "$p")
	[ "$got" = "$bindir/$p" ] || fail "$p: found at '$got', not in $bindir"
	v=$("$p" --version 2>&1 | head -1)
	[ "$v" = "$p (crawlutils) $version" ] || fail "$p --version: '$v'"
done

# check NAME WANT CMD: CMD (a shell pipeline) writes exactly WANT
check() {
	got=$(cd "$tmp" && sh -c "$3" 2>&1)
	[ "$got" = "$2" ] || fail "$1: got '$got', want '$2'"
}
cat > "$tmp/page.html" <<'HTML'
<html><head><title>Smoke test</title></head><body>
<nav><a href="/">Home</a></nav>
<article><h1>Smoke test</h1>
<p>The installed programs read this page, find its article and its links,
and pass the text along the pipeline the manual page describes.</p>
<p>See <a href="/next.html?utm_source=feed&amp;b=2&amp;a=1#top">the next page</a>.</p>
</article></body></html>
HTML
check "htmltext | cut" "https://example.com/a.html	Smoke test" \
    'htmltext -u https://example.com/a.html page.html | cut -f1,2'
check "htmllinks | seen" "https://example.com/
https://example.com/next.html?a=1&b=2" \
    'htmllinks -u https://example.com/a.html page.html | cut -f2 | seen'
check "urlnorm" "https://example.com/page.html?a=1&b=2" \
    'echo "https://Example.COM/a/../page.html?b=2&a=1&utm_source=x#top" | urlnorm'
check "sha256text" "a	4ae7c3b6ac0beff671efa8cf57386151c06e58ca53a78d83f36107316cec125f" \
    'printf "a\tHello,\\\\n  world\n" | sha256text'
check "simhash" "a	c986c6a2b87ab1ef" \
    'printf "a\tThe Quick brown fox, 2024\n" | simhash'
check "hamming" "2" 'hamming 9a0c55e17d3b2f40 9a0c55e17d3b6f41'
printf 'a\tthe quick brown fox jumps over the lazy dog again and again\n' > "$tmp/docs.tsv"
printf 'b\tthe quick brown fox jumps over the lazy dog again and again\n' >> "$tmp/docs.tsv"
printf 'c\tsomething else entirely, about weather in the mountains\n' >> "$tmp/docs.tsv"
check "simhash | nearpairs | nearverify" "a	b	0	1.0000" \
    'simhash -n 7 docs.tsv | nearpairs -k 4 | nearverify -d docs.tsv'
check "seenlines" "a	the quick brown fox jumps over the lazy dog again and again
b	" 'seenlines docs.tsv | head -n 2'

# the manual pages, by man(1) as a user would look them up
if command -v man >/dev/null 2>&1; then
	for p in crawlutils "$@"; do
		f=$(man -M "$mandir" -w "$p" 2>/dev/null)
		case $f in
		"$mandir"/man*/"$p".[17]*) ;;
		*) fail "man -M $mandir $p: not found ('$f')" ;;
		esac
	done
	bs=$(printf '\b')
	page=$(MANWIDTH=80 man -M "$mandir" crawlutils 2>/dev/null | sed "s/.$bs//g")
	for s in "The pipeline" "The record format"; do
		printf '%s\n' "$page" | grep -q "^ *$s\$" ||
			fail "man -M $mandir crawlutils: no section '$s'"
	done
else
	for p in "$@"; do
		[ -f "$mandir/man1/$p.1" ] || fail "$mandir/man1/$p.1: missing"
	done
	[ -f "$mandir/man7/crawlutils.7" ] || fail "$mandir/man7/crawlutils.7: missing"
fi

# the completion file, by each program's name (bash-completion's lookup)
if command -v bash >/dev/null 2>&1; then
	for p; do
		bash -c '. "$0" && complete -p "$1"' "$compdir/$p" "$p" >/dev/null 2>&1 ||
			fail "$compdir/$p: does not complete $p"
	done
fi

[ "$fails" -eq 0 ] && echo "installcheck: $# programs, manual pages and completion in place and working"
[ "$fails" -eq 0 ]
