# htmltext --wet [--gzip]: WET files (WARC/1.0 conversion records, the
# form of Common Crawl's), checked field by field and against warcio, the
# WARC library of Webrecorder, installed from npm into the build
# directory; and WARC files that warcio writes, read by htmltext --warc.
bats_require_minimum_version 1.5.0
load helper
load warc

PROG=htmltext
GEN="$CRAWLUTILS_BIN/../bench/warcgen"
WARCIO_VERSION=2.4.11
# one install for the normal and the sanitizer builds
NPM_DIR="$BATS_TEST_DIRNAME/../build/npm"
export WARCIO_DIR="$NPM_DIR/node_modules"

setup_file() {
	local dir=$NPM_DIR
	[ -f "$dir/node_modules/warcio/package.json" ] &&
		grep -q "\"version\": \"$WARCIO_VERSION\"" "$dir/node_modules/warcio/package.json" &&
		return 0
	mkdir -p "$dir"
	npm install --prefix "$dir" --no-audit --no-fund --silent \
	    "warcio@$WARCIO_VERSION" > "$dir/install.log" 2>&1 || {
		echo "npm install warcio@$WARCIO_VERSION failed: $(tail -3 "$dir/install.log")" >&2
		return 1
	}
}

warcio() { node "$BATS_TEST_DIRNAME/warcio.mjs" "$@"; }

# field NAME FILE: the values of header NAME in FILE, one a line
field() { sed -n "s/^$1: \\(.*\\)\\r\$/\\1/p" "$2"; }

@test "wet: a warcinfo record, then a conversion record per document as Common Crawl writes them; the block is TITLE LF TEXT" {
	"$GEN" -z gzip 20 > crawl.warc.gz
	htmltext --warc crawl.warc.gz > docs.tsv
	run --separate-stderr htmltext --wet --warc crawl.warc.gz
	assert_success
	printf '%s\n' "${lines[@]}" > out.wet
	assert_equal "$(field WARC-Type out.wet | uniq -c | sed 's/^ *//')" "1 warcinfo
20 conversion"
	# the warcinfo record: software, version, the command line
	assert_equal "$(sed -n '/^software:/,/^command:/p' out.wet | tr -d '\r')" "software: htmltext (crawlutils) $(htmltext --version | head -1 | cut -d' ' -f3)
format: WARC File Format 1.0
description: the main text of each document, as conversion records
command: htmltext --wet --warc crawl.warc.gz"
	# the fields of a record, in Common Crawl's order
	assert_equal "$(sed -n '/^WARC-Type: conversion/,/^\r$/p' out.wet | head -9 | cut -d: -f1)" "WARC-Type
WARC-Target-URI
WARC-Date
WARC-Record-ID
WARC-Refers-To
WARC-Block-Digest
WARC-Identified-Content-Language
Content-Type
Content-Length"
	field WARC-Target-URI out.wet | cmp - <(cut -f1 docs.tsv)
	# the source's date and record ID
	assert_equal "$(field WARC-Date out.wet | sed 1d | sort -u)" "2024-01-01T00:00:00Z"
	zcat crawl.warc.gz | awk '/^WARC-Type: response/ { r = 1 } r && /^WARC-Record-ID/ { print $2; r = 0 }' |
	    tr -d '\r' > srcids
	[ "$(wc -l < srcids)" -eq 20 ]
	field WARC-Refers-To out.wet | cmp - srcids
	# new record IDs: RFC 4122 version 4 UUIDs, each one once
	field WARC-Record-ID out.wet > ids
	[ "$(grep -cE '^<urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}>$' ids)" -eq 21 ]
	[ "$(sort -u ids | wc -l)" -eq 21 ]
	# the block of the third record: TITLE, LF, TEXT, its length and digest
	awk -v RS='\r\n\r\n' 'NR == 8 { printf "%s", $0 }' out.wet > block
	assert_equal "$(cat block)" "$(sed -n 3p docs.tsv | cut -f2,3 | sed 's/\t/\n/; s/\\n/\n/g')"
	assert_equal "$(field Content-Length out.wet | sed -n 4p)" "$(size block)"
	hex=$(sha1sum < block | cut -d' ' -f1)
	b32=$(printf "$(echo "$hex" | sed 's/../\\x&/g')" | base32)
	assert_equal "$(field WARC-Block-Digest out.wet | sed -n 3p)" "sha1:$b32"
	# and read back: ID, an empty TITLE, TEXT the title and the text
	htmltext --warc out.wet > back.tsv
	cut -f1 back.tsv | cmp - <(cut -f1 docs.tsv)
	assert_equal "$(sed -n 3p back.tsv | cut -f2,3)" "$(printf '\t')$(sed -n 3p docs.tsv | cut -f2,3 | sed 's/\t/\\n/')"
}

@test "wet: files without a WARC record: the URL or ID as WARC-Target-URI, the time of the run as WARC-Date, no WARC-Refers-To" {
	printf '<title>A file</title><p>The text of a file of its own.</p>' > 'my page.html'
	t0=$(date -u +%s)
	htmltext --wet 'my page.html' > out.wet
	t1=$(date -u +%s)
	assert_equal "$(field WARC-Target-URI out.wet)" "my%20page.html"
	d=$(field WARC-Date out.wet | tail -1)
	[[ $d =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$ ]] || fail "$d"
	s=$(date -u -d "$d" +%s)
	[ "$s" -ge "$t0" ] && [ "$s" -le "$t1" ] || fail "$d is not the time of the run"
	[ -z "$(field WARC-Refers-To out.wet)" ]
	assert_equal "$(awk -v RS='\r\n\r\n' 'NR == 4' out.wet)" "A file
The text of a file of its own."
	htmltext --wet -u https://example.com/a < 'my page.html' > out.wet
	assert_equal "$(field WARC-Target-URI out.wet)" "https://example.com/a"
	# a page without text: the block is its title and a line end
	printf '<title>Empty</title>' > empty.html
	htmltext --wet empty.html > out.wet
	assert_equal "$(field Content-Length out.wet | tail -1)" 6
}

@test "wet: WARC-Identified-Content-Language: the ISO 639-3 codes of the languages CLD2 finds, most first; none when it cannot say" {
	printf '<title>T</title><p>Die Bundesregierung hat am Mittwoch beschlossen, die Förderung für erneuerbare Energien im kommenden Jahr deutlich zu erhöhen. Der Minister sagte, dass die Entscheidung lange erwartet worden sei und viele Unternehmen davon profitieren würden.</p>' > de.html
	printf '<title>T</title><p>The government decided on Wednesday to raise the support for renewable energy next year considerably. The minister said that the decision had long been expected and that many companies would benefit from it.</p><p>Le gouvernement a décidé mercredi d augmenter nettement le soutien aux énergies renouvelables l année prochaine. Le ministre a déclaré que la décision était attendue depuis longtemps et que de nombreuses entreprises en profiteraient.</p>' > enfr.html
	printf '<title>Empty</title>' > empty.html
	htmltext --wet de.html enfr.html empty.html > out.wet
	assert_equal "$(grep -a -e '^WARC-Target-URI' -e '^WARC-Identified' out.wet | tr -d '\r')" "WARC-Target-URI: de.html
WARC-Identified-Content-Language: deu
WARC-Target-URI: enfr.html
WARC-Identified-Content-Language: fra,eng
WARC-Target-URI: empty.html"
	# the language of a WET record read back is that of its text
	htmltext --wet --warc out.wet | grep -a '^WARC-Identified' | tr -d '\r' > again
	assert_equal "$(cat again)" "WARC-Identified-Content-Language: deu
WARC-Identified-Content-Language: fra,eng"
}

@test "wet --gzip: one gzip member per record, fetched by the offsets htmltext gives; the same records as --wet" {
	"$GEN" 12 > crawl.warc
	htmltext --wet --gzip --warc crawl.warc > out.warc.wet.gz
	zcat out.warc.wet.gz > out.wet
	htmltext --wet --warc crawl.warc > plain.wet
	# the same conversion records, their IDs aside (the warcinfo records
	# name their command lines)
	same() { sed '1,/^command:/d' "$1" | grep -v '^WARC-Record-ID: '; }
	diff <(same out.wet) <(same plain.wet)
	run --separate-stderr htmltext --offsets --warc out.warc.wet.gz
	assert_success
	assert_equal "${#lines[@]}" 12
	assert_equal "$stderr" ""
	printf '%s\n' "${lines[@]}" > idx
	while IFS=$'\t' read -r id file off len _; do
		tail -c +$((off + 1)) "$file" | head -c "$len" | zcat > one
		assert_equal "$(field WARC-Target-URI one)" "$id"
		assert_equal "$(field WARC-Type one)" conversion
	done < idx
	# the text goes down the dedup route as it is
	htmltext --warc out.warc.wet.gz | sha256text -a | simhash -a | cut -f1,3,4 > keys
	[ "$(wc -l < keys)" -eq 12 ]
}

@test "wet: warcio reads every record of --wet and --wet --gzip: our offsets and lengths, and the digests it computes" {
	"$GEN" -z zstd 25 > crawl.warc.zst
	for gz in '' --gzip; do
		htmltext --wet $gz --warc crawl.warc.zst > out
		run --separate-stderr warcio read out
		assert_success
		assert_equal "$stderr" ""
		printf '%s\n' "${lines[@]}" > read
		assert_equal "$(cut -f1 read | uniq -c | sed 's/^ *//' | tr '\n' ' ')" "1 warcinfo 25 conversion "
		# each digest as warcio computes it
		awk -F'\t' '$1 == "conversion" && $5 != $6 { print "digest differs: " $0; exit 1 }' read
		[ "$(cut -f1,5 read | grep -cE '^conversion	sha1:[A-Z2-7]{32}$')" -eq 25 ]
		# offsets and lengths: warcio's, and htmltext's (whose length of
		# a plain record takes in the CRLF CRLF after it, so that each
		# record starts where the one before ends)
		htmltext --offsets --warc out 2>/dev/null | cut -f1,3,4 > ours
		awk -F'\t' -v OFS='\t' -v sep=$([ -n "$gz" ] && echo 0 || echo 4) \
		    '$1 == "conversion" { print $2, $3, $4 + sep }' read | cmp - ours
	done
}

@test "wet: WARC files that warcio writes, gzip and plain (Content-Encoding gzip, br, deflate, chunks, a revisit, a resource, a 404), are read by htmltext --warc" {
	warcio write w.warc.gz gzip
	warcio write w.warc plain
	for f in w.warc.gz w.warc; do
		run --separate-stderr htmltext -v --warc "$f"
		assert_success
		assert_output - <<-'EOF'
		https://w.example/	Plain page	A page as the server sent it.
		https://w.example/gzip	Gzip page	A page the server sent gzip-encoded.
		https://w.example/br	Brotli page	A page the server sent br-encoded.
		https://w.example/deflate	Deflate page	A page the server sent deflate-encoded.
		https://w.example/chunked	Chunked page	A page the server sent in chunks.
		file:///notes/resource.html	Resource page	A page kept as a resource record.
		EOF
		assert_equal "$(echo "$stderr" | head -1)" "htmltext: 10 WARC records: 6 HTML, 0 text, 1 request, 1 warcinfo, 0 metadata, 1 revisit, 0 non-HTML, 0 other, 0 bad; skipped for their HTTP status: 0 1xx, 0 2xx, 0 3xx, 1 4xx, 0 5xx, 0 without one"
		# warcio's offsets and lengths are ours
		warcio read "$f" | awk -F'\t' -v OFS='\t' -v sep=$([ "$f" = w.warc ] && echo 4 || echo 0) \
		    '$1 == "response" || $1 == "resource" { print $2, $3, $4 + sep }' > theirs
		htmltext --status all --offsets --warc "$f" | cut -f1,3,4 | cmp - theirs
		htmllinks --warc "$f" > /dev/null
	done
}

@test "wet: usage errors; a write error is status 2" {
	run --separate-stderr htmltext --gzip x.html
	assert_usage_error "--gzip goes with --wet"
	for o in --plain --meta --json '--fields author' --comments --markdown; do
		run --separate-stderr htmltext --wet $o x.html
		assert_usage_error "--wet cannot be combined with --plain, --meta, --json, --fields, --comments or --markdown"
	done
	run --separate-stderr htmltext --wet --offsets --warc x.warc
	assert_usage_error "--offsets cannot be combined with --wet: a WET record refers to its source by WARC-Refers-To"
	run --separate-stderr htmltext --plain --offsets --warc x.warc
	assert_usage_error "--offsets cannot be combined with --plain"
	"$GEN" 500 > crawl.warc
	run --separate-stderr bash -c 'htmltext --wet --gzip --warc crawl.warc > /dev/full'
	assert_failure 2
	assert_equal "$stderr" "htmltext: write error: No space left on device"
	run --separate-stderr bash -c 'htmltext --wet --warc crawl.warc | head -1; echo "${PIPESTATUS[0]}" >&2'
	assert_equal "$stderr" 141
}
