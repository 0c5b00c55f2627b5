# urlnorm on large inputs (make check-slow, normal build only): the
# 48,010 lines of ../shared/corpora/url/kasztp.txt when it is there, a
# million generated links, a 50 MB URL; memory flat on streams.
load ../helper

GEN="$CRAWLUTILS_BIN/../bench/gen"
KASZTP="$BATS_TEST_DIRNAME/../../../shared/corpora/url/kasztp.txt"

@test "urlnorm: idempotent on every profile, on all of kasztp.txt and 200,000 generated links" {
	[ -f "$KASZTP" ] || skip "no ../shared/corpora/url/kasztp.txt"
	"$GEN" links 200000 > mix
	for p in whatwg rfc3986 safe aggressive; do
		urlnorm -q --profile "$p" "$KASZTP" > once || [ $? -eq 1 ]
		urlnorm --profile "$p" once > twice
		cmp once twice
		# the last of its 48,010 lines, "https://", is not a URL (the byte
		# order mark before the first one is dropped by the reader)
		[ "$(wc -l < once)" -eq 48009 ]
		urlnorm --profile "$p" -f 2 --base-field 1 mix > once
		cut -f2 once | urlnorm --profile "$p" > twice
		cut -f2 once | cmp - twice
		[ "$(wc -l < once)" -eq 200000 ]
	done
}

@test "urlnorm: a million links in flat memory" {
	"$GEN" links 1000000 > in
	rss=$(/usr/bin/time -f %M urlnorm -f 2 --base-field 1 --surt < in 2>&1 > out | tail -1)
	[ "$rss" -lt 30000 ]
	[ "$(wc -l < out)" -eq 1000000 ]
}

@test "urlnorm: a 50 MB URL, and one with 2 million query pairs" {
	{ printf 'http://e.com/'; head -c 50000000 /dev/zero | tr '\0' a; printf '\n'; } > big
	urlnorm big > out
	[ "$(stat -c %s out)" -eq 50000014 ]
	{ printf 'http://e.com/?'; seq 2000000 -1 1 | sed 's/^/k/; s/$/=v/' | tr '\n' '&'; printf '\n'; } > q
	urlnorm q > out
	run bash -c "tr '&' '\n' < out | sed -n '1p;2p;\$p'"
	assert_output 'http://e.com/?k1=v
k10=v
k999999=v'
}
