# The bad-input battery: every program fed every kind of input the web
# serves (empty input, bare newlines, no final newline, CRLF, invalid
# UTF-8, NUL bytes, a 100 MB line, a million fields, 10 MB of binary
# garbage; for HTML deep nesting, huge attributes, unclosed tags, lying
# charsets and entity storms; for WARC lying lengths and garbage).  Each
# run must end with status 0 or 1 (never a signal, never 2: no input here
# is unreadable), name the file and line (or offset) in every message,
# report and --reject every record it drops, stay under a memory bound,
# and, for the one-in-one-out filters, account for every record:
# records out + records rejected = records in.
#
# The big inputs are made once per file (setup_file): the 100 MB line is
# never written as a file of its own per program: each run reads it from
# a FIFO fed with the program's record prefix, the shared 100 MB of text
# and the suffix; the outputs go through a pipe to what counts or checks
# them.  (Writing and re-reading ten 100 MB files took most of the time.)
#
# HOSTILE_BIG sets the size of the single-line case (default 100 MB) and
# a tenth of it the random bytes (10 MB).  Under ASan/UBSan, where a
# 100 MB run takes minutes, the default is 10 MB (1 MB of random bytes):
# the sizes scale by the knob, the cases stay the same, and the memory
# bounds are not checked (shadow memory and quarantine make max RSS
# meaningless) - everything else is.
bats_require_minimum_version 1.5.0
load helper

setup_file() {
	export GEN="$CRAWLUTILS_BIN/../bench/gen"
	# an ASan build is told by its runtime's symbols
	if grep -qa __asan_init "$CRAWLUTILS_BIN/sha256text"; then
		export SAN=1
		: "${HOSTILE_BIG:=10000000}"
	else
		export SAN=0
		: "${HOSTILE_BIG:=100000000}"
	fi
	export HOSTILE_BIG
	cd "$BATS_FILE_TMPDIR" || return 1
	"$GEN" bytes $((HOSTILE_BIG / 10)) > random
	perl -pe 's/^/$.\t/' random > random.numbered
	yes 'lorem ipsum dolor sit amet,' | head -c "$HOSTILE_BIG" |
	    tr '\n' ' ' > big
	yes x | head -n 1000000 | tr '\n' '\t' > fields
}

# quick CMD...: CMD without bats' DEBUG trap, which records every
# command for its stack traces and makes a shell loop some 50 times
# slower (the battery's loops took most of its time); the trap is back
# when CMD returns.
quick() {
	local t
	t=$(trap -p DEBUG)
	trap - DEBUG
	"$@"
	eval "$t"
}

# nrec FILE: the records in FILE (a last line without LF counts)
nrec() {
	local n
	n=$(wc -l < "$1")
	if [ -s "$1" ] && [ "$(tail -c1 "$1" | od -An -tx1)" != " 0a" ]; then
		n=$((n + 1))
	fi
	echo "$n"
}

# mkcases PRE SUF [numbered]: the record inputs, in the current
# directory; each holds records PRE PAYLOAD SUF, and most also the bare
# payload.  numbered: each record starts with its line number and a TAB.
# bigline is a FIFO that feedbig fills (3 records).
CASES="empty newlines nofinal crlf badutf8 nul bigline fields random"
small=${CASES/ bigline/}	# for the variants of a program
mkcases() {
	local pre=$1 suf=$2 good=$1abc$2 s f
	n1='' n2='' n3=''
	: > empty
	head -c 1000 /dev/zero | tr '\0' '\n' > newlines
	printf '%s\n%s' "$good" "$good" > nofinal
	printf '%s\r\n%s\r\n\r\n%sa\rb%s\r\n' "$good" "$good" "$pre" "$suf" > crlf
	# overlongs, surrogates, lone continuation bytes, a cut sequence,
	# 5-byte forms, bytes never in UTF-8, past U+10FFFF
	for s in '\xc0\xaf' '\xe0\x80\xaf' '\xf0\x80\x80\xaf' '\xc1\xbf' \
	    '\xed\xa0\x80' '\xed\xbf\xbf' '\xed\xa0\x80\xed\xb0\x80' '\x80' \
	    '\xbf\x80\xbf' 'a\xe2\x82' '\xf8\x88\x80\x80\x80' '\xff\xfe' \
	    '\xf4\x90\x80\x80'; do
		printf "%s$s%s\n$s\n" "$pre" "$suf"
	done > badutf8
	printf '%sa\0b%s\n\0\0\0\n%s\0%s' "$pre" "$suf" "$pre" "$suf" > nul
	ln -sf "$BATS_FILE_TMPDIR/random" random
	if [ -n "${3-}" ]; then
		for f in newlines nofinal crlf badutf8 nul; do
			perl -pi -e 's/^/$.\t/' "$f"
		done
		ln -sf "$BATS_FILE_TMPDIR/random.numbered" random
		n1=$'1\t' n2=$'2\t' n3=$'3\t'
	fi
	bigpre=$pre bigsuf=$suf biggood=$good
	{ printf '%s%s\n%s%s' "$n1" "$good" "$n2" "$pre"
	  cat "$BATS_FILE_TMPDIR/fields"
	  printf 'x%s\n%s%s\n' "$suf" "$n3" "$good"; } > fields
	rm -f bigline
	mkfifo bigline
	declare -gA NIN=([bigline]=3)
	for f in $CASES; do
		[ "$f" = bigline ] || NIN[$f]=$(nrec "$f")
	done
}

# feedbig: write the 100 MB line's records into the FIFO bigline, in the
# background ($feeder); a reader that stops early kills it with SIGPIPE.
feedbig() {
	{ printf '%s%s\n%s%s' "$n1" "$biggood" "$n2" "$bigpre"
	  cat "$BATS_FILE_TMPDIR/big"
	  printf '%s\n%s%s\n' "$bigsuf" "$n3" "$biggood"; } > bigline 2> /dev/null &
	feeder=$!
}

# hostile KIND MAXKB PROG [ARG...]: run PROG ARG... --rejects rej IN
# for each input IN of $inputs (IN replaces an argument @ if there is
# one), and add what is wrong to $bad.  KIND says what its messages
# name: records (file:line:), docs (file:) or warc (file: offset N:);
# filter is records that also must account for every record in.
# MAXKB bounds max RSS in KB; MAXKB+F adds F times HOSTILE_BIG (the
# longest record), for the programs that hold a record in memory.
# (Few processes a run: the battery makes some 200 runs, and each fork
# counts on a loaded machine.)
hostile() {
	local kind=$1 max=$2 prog=$3 in st rss nin nout nrej nerr what pat a
	local -a cmd lines
	shift 2
	[ "${max#*+}" != "$max" ] &&
		max=$((${max%+*} + ${max#*+} * HOSTILE_BIG / 1024))
	for in in $inputs; do
		cmd=()
		for a in "$@"; do
			[ "$a" = @ ] && a=$in
			cmd+=("$a")
		done
		[[ " $* " == *" @ "* ]] || cmd+=("$in")
		what="${cmd[*]}"
		[ "$in" = bigline ] && feedbig
		# the output is counted (filters) or checked (htmltext's
		# UTF-8) as it streams, never stored
		/usr/bin/time -f '%e %U %S %M' -o rss "${cmd[0]}" --rejects rej \
		    "${cmd[@]:1}" 2> err | consume "$kind" "$prog" > nout
		st=${PIPESTATUS[0]}
		if [ "$in" = bigline ]; then
			kill "$feeder" 2> /dev/null || true
			wait "$feeder" || true
		fi
		mapfile -t lines < rss
		rss=${lines[-1]}
		nerr=0 nrej=0
		if [ -s err ]; then
			nerr=$(wc -l < err)
		fi
		if [ -s rej ]; then
			nrej=$(wc -l < rej)
		fi
		echo "# $what: status $st, ${rss% *} s, ${rss##* } KB, $nerr messages" >&3
		rss=${rss##* }
		if [ "$st" -ne 0 ] && [ "$st" -ne 1 ]; then
			bad+="$what: status $st: $(head -c 300 err)"$'\n'
			continue
		fi
		if [ "$SAN" = 0 ] && [ "$rss" -gt "$max" ]; then
			bad+="$what: max RSS $rss KB > $max KB"$'\n'
		fi
		case $kind in
		records|filter) pat="^$prog: ($in|${others:-$in}):[0-9]+: [^ ]" ;;
		docs) pat="^$prog: $in: [^ ]" ;;
		warc) pat="^$prog: $in: offset [0-9]+: [^ ]" ;;
		esac
		if [ "$nerr" -gt 0 ] && grep -avqE "$pat" err; then
			bad+="$what: message not '$pat': $(grep -avE "$pat" err |
			    head -3)"$'\n'
		fi
		if [ "$kind" != docs ] && [ "$kind" != warc ] &&
		    [ "$nerr" -ne "$nrej" ]; then
			bad+="$what: $nerr messages, $nrej rejected"$'\n'
		fi
		if { [ "$nrej" -gt 0 ] && [ "$st" -ne 1 ]; } ||
		    { [ "$nrej" -eq 0 ] && [ "$st" -ne 0 ]; }; then
			bad+="$what: status $st with $nrej rejected"$'\n'
		fi
		read -r nout < nout || true
		if [ "$kind" = filter ]; then
			nin=${NIN[$in]}
			[ $((nout + nrej)) -eq "$nin" ] ||
				bad+="$what: $nout out + $nrej rejected != $nin in"$'\n'
		fi
		if [ "$nout" = 'not UTF-8' ]; then
			bad+="$what: output is not UTF-8"$'\n'
		fi
	done
}

# consume KIND PROG: read the output; say how many lines for a filter,
# 'not UTF-8' for htmltext's documents if they are not.
consume() {
	if [ "$1" = filter ]; then
		wc -l
	elif [ "$1" = docs ] && [ "$2" = htmltext ]; then
		iconv -f UTF-8 -t UTF-8 > /dev/null 2>&1 || echo 'not UTF-8'
	else
		cat > /dev/null
	fi
}

@test "hostile: urlnorm sha256text simhash hamming seenlines account for every record of every bad input" {
	local bad='' inputs=$CASES
	quick mkcases 'http://example.com/' ''
	quick hostile filter 40000+4 urlnorm
	inputs=$small quick hostile filter 40000+4 urlnorm --profile whatwg -a
	quick mkcases $'id\t' ''
	quick hostile filter 30000+3 sha256text
	# (ICU's NFKC on a 100 MB line takes 700 MB and 6 s: the small ones)
	inputs=$small quick hostile filter 30000 sha256text --nfkc --casefold
	quick hostile filter 30000+3 simhash -a
	inputs=$small quick hostile filter 30000+3 simhash -n 4 --tokens=char --shingle 3
	# the Bloom filter is 25 MB of it; the line, its collapsed copy and
	# the text rewritten without a removed line are each HOSTILE_BIG
	quick hostile filter 60000+4 seenlines
	inputs=$small quick hostile filter 60000+4 seenlines --exact --casefold --digits --min-chars 1
	inputs=$small quick hostile filter 60000+4 seenlines --count 2
	quick mkcases '' $'\t0123456789abcdef\t0123456789abcdee'
	quick hostile filter 30000+3 hamming
	inputs=$small quick hostile filter 30000+3 hamming -f 1,-1
	[ -z "$bad" ] || fail "$bad"
}

@test "hostile: nearpairs nearverify seen on every bad input" {
	local bad='' inputs=$CASES
	quick mkcases '' $'\t0123456789abcdef'
	quick hostile records 60000+3 nearpairs
	inputs=$small quick hostile records 60000+3 nearpairs --clusters -k 8
	quick hostile records 60000+3 seen
	inputs=$small quick hostile records 60000+3 seen --exact -f -1
	printf 'abc\tsome words of a text\n' > docs
	quick mkcases '' $'\tabc'
	quick hostile records 60000+3 nearverify -d docs --all
	# documents numbered by line: the payload is the text
	quick mkcases '' '' numbered
	printf '1\t2\n2\t3\n' > pairs
	others=pairs quick hostile records 30000+3 nearverify -d @ --clusters pairs
	[ -z "$bad" ] || fail "$bad"
}

@test "hostile: htmltext htmllinks on every bad input as a document and as --tsv records" {
	local bad='' inputs=$CASES
	quick mkcases '' ''
	quick hostile docs 60000+3 htmltext
	quick hostile docs 60000+3 htmllinks -u http://example.com/
	quick mkcases $'id\t<p>' '</p>'
	quick hostile filter 60000+4 htmltext --tsv --meta
	quick mkcases $'id\t<a href="http://example.com/' '">x</a>'
	quick hostile records 60000+4 htmllinks --tsv --all --text
	[ -z "$bad" ] || fail "$bad"
}

# The HTML that breaks parsers, each with a marker after the hard part
# that must come out: the text past it is kept.
mkhtml() {
	local i
	{ printf '<html><body>'
	  yes '<div>' | head -n 100000 | tr -d '\n'
	  printf '<p>deep marker</p><a href="http://example.com/deep">d</a>'
	  yes '</div>' | head -n 100000 | tr -d '\n'
	  printf '<p>after the depth</p>'; } > deep
	# 100,000 wrappers of one class named header, nested: a class that
	# many share was looked up once for each of them (quadratic)
	{ printf '<html><body><header>site</header><main>'
	  yes '<div class="x-header">' | head -n 100000 | tr -d '\n'
	  printf '<p>the header marker, in a paragraph long enough to be the text of the page.</p>'
	  yes '</div>' | head -n 100000 | tr -d '\n'
	  printf '</main></body></html>'; } > deephdr
	{ printf '<p>before</p><a href="http://example.com/'
	  head -c 10000000 /dev/zero | tr '\0' a
	  printf '">big</a><p title="'
	  head -c 10000000 /dev/zero | tr '\0' b
	  printf '">after the attribute</p><a href="http://example.com/after">a</a>'
	} > bigattr
	# (no <a>, <form> or <select>: their text is noise to htmltext)
	{ yes '<div><span><b><i><table><tr><td><ul><li><p><font><em><blockquote><section><h2><pre><code>' |
	      head -n 3000 | tr -d '\n'
	  printf 'after the unclosed tags, and a sentence long enough to be text.'
	  yes '<a href="http://example.com/u"><div><select><option>' |
	      head -n 3000 | tr -d '\n'; } > unclosed
	printf '<meta charset="x-no-such-charset"><p>caf\xc3\xa9 unknown</p>' > unknown
	printf '<meta charset="utf-8"><p>caf\xe9 latin-1 called UTF-8</p>' > wrong
	printf '<meta charset="shift_jis"><p>caf\xc3\xa9 UTF-8 called Shift_JIS\x80\xff</p>' > sjis
	printf '<meta charset="utf-16"><p>ASCII called UTF-16</p>' > utf16
	printf '<meta http-equiv="Content-Type" content="text/html; charset=\xff\xfe"><p>garbage charset</p>' > garbage
	# a NUL in a tag ended the page in libxml2 (it lost all of this)
	printf '<meta http-equiv="Content-Type" content="text/html; charset=iso-8859-2\0"><p>caf\xc3\xa9 after a NUL in the charset</p>' > nulmeta
	printf '<p title="a\0b">one</p><p\0>two</p><\0p><!DOCTYPE html\0><p a\0b=c>after the NUL bytes in tags</p><a href="http://example.com/a\0b">x</a><a href="http://example.com/afternul">y</a>' > nultags
	# GBK called UTF-8, called nothing known, called two things
	local zh='中文网页的正文内容，一个足够长的句子。'
	printf '<meta charset="utf-8"><p>%s</p>' "$zh" | iconv -t GBK > gbkutf8
	printf '<meta charset="x-unknown"><p>%s</p>' "$zh" | iconv -t GBK > xunknown
	printf '<meta charset="shift_jis"><meta charset="utf-8"><p>%s</p>' "$zh" |
	    iconv -t GBK > twometas
	{ printf '<p>'
	  for i in 1 2; do
		yes '&amp;&lt;&#0;&#xD800;&#xDFFF;&#x110000;&#99999999999999999999;&#x0000000041;&nosuch;&#;&#x;&;&ampamp;&AElig&NotNestedGreaterGreater;' |
		    head -n 20000 | tr -d '\n'
	  done
	  printf '&'; head -c 1000000 /dev/zero | tr '\0' a; printf ';'
	  printf '</p><p>after the entities</p>'; } > entities
	printf '<!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">]><p>&d;&d;&d;&d;&d;&d;&d;&d;after the laughs</p>' > laughs
	printf '<p>nets <img src="http://127.0.0.1:1/x.png"><iframe src="http://127.0.0.1:1/"></iframe><!ENTITY x SYSTEM "http://127.0.0.1:1/dtd"></p>' > net
	# 100,000 documents one after another: each a root of its own to
	# libxml2, joined into the first
	{ printf '<!DOCTYPE html><html><body><p>the first root</p></body></html>'
	  yes '<html><head><title>t</title></head><body><p>one more root</p></body></html>' |
	    head -n 100000 | tr -d '\n'
	  printf '<p>after the roots</p>'; } > roots
}
HTML="deep deephdr bigattr unclosed unknown wrong sjis utf16 garbage nulmeta nultags gbkutf8 xunknown twometas entities laughs net roots"

@test "hostile: htmltext htmllinks on deep nesting, huge attributes, unclosed tags, lying charsets, entity storms" {
	local bad='' inputs=$HTML
	quick mkhtml
	quick hostile docs 200000 htmltext
	quick hostile docs 200000 htmllinks -u http://example.com/
	[ -z "$bad" ] || fail "$bad"
	# nothing past the hard part is lost (XML_PARSE_HUGE): depth
	# 100,000 holds, a 10 MB attribute does not end the page
	htmltext deep deephdr bigattr unclosed entities laughs roots > out
	for marker in 'deep marker' 'after the depth' 'the header marker' 'after the attribute' \
	    'after the unclosed tags' 'after the entities' 'after the laughs' \
	    'after the roots'; do
		grep -q "$marker" out || fail "htmltext lost '$marker'"
	done
	# (a hang guard, 200 times what it takes: the quadratic lookup took
	# minutes here)
	run --separate-stderr timeout 60 htmltext deephdr
	assert_success
	assert_output --partial 'the header marker'
	htmllinks deep bigattr nultags > out
	grep -q 'http://example.com/deep$' out
	grep -q 'http://example.com/after$' out
	grep -q 'http://example.com/afternul$' out
	# lying charsets: still text, the words kept
	run --separate-stderr htmltext --meta unknown wrong sjis utf16 garbage \
	    nulmeta nultags gbkutf8 xunknown twometas
	assert_success
	assert_line --index 0 --partial unknown
	assert_line --index 1 --partial 'café latin-1'
	assert_line --index 2 --partial Shift_JIS
	assert_line --index 3 --partial 'ASCII called UTF-16'
	assert_line --index 4 --partial 'garbage charset'
	assert_line --index 5 --partial 'café after a NUL in the charset'
	assert_line --index 6 --partial 'after the NUL bytes in tags'
	assert_line --index 7 --regexp '^gbkutf8	.*	中文网页的正文内容，一个足够长的句子。$'
	assert_line --index 8 --regexp '^xunknown	.*	中文网页的正文内容，一个足够长的句子。$'
	assert_line --index 9 --regexp '^twometas	.*	中文网页的正文内容，一个足够长的句子。$'
}

# rec URI BLOCK: a WARC/1.1 response record of the HTTP message BLOCK
rec() {
	local LC_ALL=C
	printf 'WARC/1.1\r\nWARC-Type: response\r\nWARC-Target-URI: %s\r\nContent-Type: application/http; msgtype=response\r\nContent-Length: %d\r\n\r\n%s\r\n\r\n' \
	    "$1" "${#2}" "$2"
}

mkwarc() {
	local page=$'HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n<p>a page <a href="/x">x</a></p>'
	local head=$'WARC/1.1\r\nWARC-Type: response\r\nWARC-Target-URI: http://example.com/bad\r\n'
	: > wempty
	{ rec http://example.com/1 "$page"
	  printf '%sContent-Length: 500\r\n\r\n%s' "$head" "$page"; } > pastend
	{ printf '%sContent-Length: -5\r\n\r\n%s\r\n\r\n' "$head" "$page"
	  rec http://example.com/2 "$page"; } > negative
	{ for n in 99999999999999999999999 18446744073709551615 \
	      9223372036854775807 4294967296 1e9 0x10 ' ' ''; do
		printf '%sContent-Length: %s\r\n\r\n%s\r\n\r\n' "$head" "$n" "$page"
		rec http://example.com/3 "$page"
	  done; } > huge
	{ rec http://example.com/4 "$page"
	  printf 'garbage\r\n\0\xff\xfe WARC/1.1 not at a line start\r\n'
	  head -c 100000 "$BATS_FILE_TMPDIR/random"
	  printf '\r\n'
	  rec http://example.com/5 "$page"
	  printf 'WARC/1.1\r\nWARC-Type: response\r\nContent-Len'; } > garbage
	{ printf '%sX-Long: ' "$head"
	  head -c 10000000 /dev/zero | tr '\0' a
	  printf '\r\nContent-Length: 5\r\n\r\nhello\r\n\r\n'
	  rec http://example.com/6 "$page"; } > longheader
	{ rec http://example.com/7 $'HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nTransfer-Encoding: chunked\r\n\r\nfffffffffffffffffff\r\nabc\r\n'
	  rec http://example.com/8 $'HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=\xff\r\n\r\n<p>x'
	  rec http://example.com/9 $'HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\n\r\n\x1f\x8b\x08\x00'
	  rec http://example.com/10 $'HTTP/1.1 999\r\n'
	  rec http://example.com/11 ''; } > payloads
	ln -sf "$BATS_FILE_TMPDIR/random" wrandom
}
WARC="wempty pastend negative huge garbage longheader payloads wrandom"

@test "hostile: htmltext htmllinks --warc on lying lengths, garbage between records, binary garbage" {
	local bad='' inputs=$WARC
	quick mkwarc
	quick hostile warc 60000 htmltext --warc
	quick hostile warc 60000 htmllinks --warc
	[ -z "$bad" ] || fail "$bad"
	# the good records around the bad ones all come out
	run --separate-stderr htmltext --warc pastend negative huge garbage longheader
	assert_failure 1
	for n in 1 2 3 4 5 6; do
		assert_line --partial "http://example.com/$n	"
	done
	[ "$(grep -c 'http://example.com/3	' <<< "$output")" -eq 8 ]
}

# The programs with inputs that make megabytes of output, one a line:
# PROG ARG... (the inputs are made by mkwrite).
WRITERS='urlnorm links
htmltext --tsv tsv
htmllinks --all -u http://example.com/ links.html
sha256text -a en
simhash -a en
hamming fp
hamming 0123456789abcdef fedcba9876543210
nearpairs --clusters ids
nearverify -d ids --clusters /dev/null
seen fp
seenlines --min-chars 1 en'
mkwrite() {
	"$GEN" en 2000 > en
	"$GEN" fp 200000 > fp
	"$GEN" links 100000 > links
	sed 's/\t/\t<p>/' en > tsv
	yes '<a href="http://example.com/a">x</a>' | head -n 20000 > links.html
	cut -f1,2 fp > ids
}

@test "hostile: every program: > /dev/full is a message and status 2; | head -1 is silent, status 141, also with SIGPIPE ignored" {
	local bad='' cmd prog
	quick mkwrite
	while read -r cmd; do
		prog=${cmd%% *}
		run --separate-stderr bash -c "$cmd > /dev/full"
		[ "$status" -eq 2 ] && [ "$stderr" = "$prog: write error: No space left on device" ] ||
			bad+="$cmd > /dev/full: status $status: $stderr"$'\n'
		[ "$prog" = hamming ] && [ "${cmd#* 0}" != "$cmd" ] && continue
		for trap in '' "trap '' PIPE;"; do
			run --separate-stderr bash -c "$trap $cmd | head -1 > /dev/null; exit \${PIPESTATUS[0]}"
			[ "$status" -eq 141 ] && [ -z "$stderr" ] ||
				bad+="$trap $cmd | head -1: status $status: $stderr"$'\n'
		done
	done <<< "$WRITERS"
	[ -z "$bad" ] || fail "$bad"
}

@test "hostile: --max-record in every record program rejects a longer record with a clear message, whole" {
	local bad='' cmd prog long
	long=$(head -c 2000 /dev/zero | tr '\0' a)
	printf 'a\t0123456789abcdef\tfedcba9876543210\nb\t%s\t0123456789abcdef\nc\t0123456789abcdef\t0123456789abcdee' "$long" > in
	printf 'http://a.example/\nhttp://b.example/%s\nhttp://c.example/\n' "$long" > urls
	printf 'a\tone two three four\nb\t%s\nc\tone two three four\n' "$long" > text
	printf 'a\tb\n%s\tb\nb\ta\n' "$long" > pairs
	printf 'a\tone two three four\nb\tone two three four\n' > docs
	printf 'a\tone two three four\nb\tone two three four\nc\t%s\n' "$long" > longdocs
	while read -r cmd; do
		prog=${cmd%% *}
		in=${cmd##* }
		run --separate-stderr $cmd --max-record 1k --rejects rej
		[ "$status" -eq 1 ] &&
		    [[ "$stderr" == "$prog: $in:"[23]": record longer than 1024 bytes (--max-record)" ]] &&
		    [ "$(grep -c "$long" rej)" -eq 1 ] && [ "$(wc -l < rej)" -eq 1 ] ||
			bad+="$cmd: status $status, rejects $(wc -l < rej): $stderr"$'\n'
		[ -n "$output" ] || [ "$prog" = nearverify ] || bad+="$cmd: no output"$'\n'
	done <<-'EOF'
	urlnorm urls
	sha256text text
	simhash text
	hamming in
	nearpairs -f 2 in
	seen in
	seenlines text
	seenlines --count 2 text
	nearverify -d docs --all pairs
	nearverify --clusters /dev/null -d longdocs
	EOF
	[ -z "$bad" ] || fail "$bad"
}

@test "hostile: no program makes a temporary file (seen and seenlines only beside their state files)" {
	local cmd
	mkdir tmp state
	export TMPDIR=$PWD/tmp
	"$GEN" en 200 > en
	"$GEN" fp 1000 > fp
	quick mkwarc
	for cmd in 'urlnorm fp' 'htmltext --warc garbage' 'htmllinks --warc garbage' \
	    'sha256text en' 'simhash en' 'hamming fp' 'nearpairs -f 2 fp' \
	    'nearverify -d en en' 'seen --state state/s fp' \
	    'seenlines --state state/l en' 'seenlines --count 2 en'; do
		$cmd > /dev/null 2>&1 || true
	done
	assert_equal "$(ls -A tmp)" ''
	assert_equal "$(ls -A state)" 'l
l.lock
s
s.lock'
	# and in the code, only the state file's atomic replacement
	run grep -lE '\b(tmpfile|mkstemp|mkdtemp|mkostemp|tmpnam|tempnam)\b' \
	    "$BATS_TEST_DIRNAME"/../common/*.c "$BATS_TEST_DIRNAME"/../cmd/*.c
	assert_output --regexp '/common/atomicfile\.c$'
}

@test "hostile: htmltext --json on hostile metadata: garbage, 10 MB and 100,000-deep JSON-LD, year 99999, 1 MB of keywords" {
	local body='<article><h1>Headline</h1><p>The text of the page is still here, long enough to be a paragraph of it.</p></article>'
	printf '<html><head><script type="application/ld+json">%s</script></head><body>%s</body></html>' \
	    '{"@type": [[[ ,,, }}} "\x01\xff' "$body" > garbage.html
	{ printf '<html><head><script type="application/ld+json">{"@type":"Article","articleBody":"'
	  head -c 10485760 /dev/zero | tr '\0' 'x'
	  printf '"}</script></head><body>%s</body></html>' "$body"; } > big.html
	{ printf '<html><head><script type="application/ld+json">'
	  head -c 100000 /dev/zero | tr '\0' '['; head -c 100000 /dev/zero | tr '\0' ']'
	  printf '</script><script type="application/ld+json">'
	  head -c 100000 /dev/zero | tr '\0' '{'
	  printf '</script></head><body>%s</body></html>' "$body"; } > deep.html
	printf '<html><head><meta property="article:published_time" content="99999-03-12T10:00:00Z">
	    <script type="application/ld+json">{"@type":"Article","datePublished":"12 March 99999"}</script>
	    </head><body>%s</body></html>' "$body" > year.html
	{ printf '<html><head><meta name="keywords" content="'
	  yes 'keyword, ' | head -c 1048576
	  printf '"><meta name="description" content="'
	  head -c 1048576 /dev/zero | tr '\0' 'd'
	  printf '"></head><body>%s</body></html>' "$body"; } > keywords.html
	for f in garbage big deep year keywords; do
		SECONDS=0
		run --separate-stderr timeout 60 htmltext --json "$f.html"
		assert_success
		assert_equal "$stderr" ""
		echo "# $f: ${SECONDS}s" >&3
		echo "$output" > "$f.json"
		[ "$(jq -r .text "$f.json")" = 'The text of the page is still here, long enough to be a paragraph of it.' ] ||
		    fail "$f: the text is lost: $(head -c 300 "$f.json")"
		[ "$(jq -r .title "$f.json")" = Headline ] || fail "$f: no title"
	done
	assert_equal "$(jq -r '.date // "none"' year.json)" none
	# 1 MB of keywords and of description: each field cut to 2048 bytes
	[ "$(jq -r .tags keywords.json | wc -c)" -le 2049 ] || fail "tags not cut"
	[ "$(jq -r .description keywords.json | wc -c)" -eq 2049 ] || fail "description not cut"
	run jq -r .type big.json
	assert_output null
}
