# Compressed WARC files as crawlers write them: .warc.gz (a gzip member
# per record, or a whole file in one), .warc.zst (a zstd frame per record,
# with or without the dictionary frame), read by htmltext --warc and
# htmllinks --warc whatever their names, on stdin too; --offsets; HTTP
# statuses and Content-Encodings; and the ways such files go wrong.  The
# files are made here, with gzip, zstd and bench/warcgen.
bats_require_minimum_version 1.5.0
load helper
load warc

PROG=htmltext
GEN="$CRAWLUTILS_BIN/../bench/warcgen"

# flip FILE OFFSET: change one bit of the byte at OFFSET
flip() {
	local b
	b=$(od -An -tu1 -j "$2" -N1 "$1" | tr -d ' ')
	printf "\\$(printf %03o $((b ^ 1)))" | dd of="$1" bs=1 seek="$2" conv=notrunc status=none
}

@test "warc.gz, warc.zst: read directly, whatever the name, on stdin too: the records of zcat | htmltext --warc" {
	"$GEN" 300 > crawl.warc
	"$GEN" -z gzip 300 > crawl.warc.gz
	"$GEN" -z zstd 300 > crawl.warc.zst
	zcat crawl.warc.gz | cmp - crawl.warc
	zstd -qdc crawl.warc.zst | cmp - crawl.warc
	htmltext --warc crawl.warc > want
	[ "$(wc -l < want)" -eq 300 ]
	for f in crawl.warc.gz crawl.warc.zst; do
		run --separate-stderr htmltext -v --warc "$f"
		assert_success
		printf '%s\n' "${lines[@]}" | cmp - want
		assert_equal "$stderr" "htmltext: 637 WARC records: 300 HTML, 0 text, 300 request, 1 warcinfo, 12 metadata, 12 revisit, 12 non-HTML, 0 other, 0 bad; skipped for their HTTP status: 0 1xx, 0 2xx, 0 3xx, 0 4xx, 0 5xx, 0 without one
htmltext: documents: 300 read, 300 written, 0 rejected"
	done
	# the magic decides, not the name; stdin is read the same way
	cp crawl.warc.gz noname
	htmltext --warc noname | cmp - want
	htmltext --warc < crawl.warc.zst | cmp - want
	bash -c 'cat crawl.warc.gz | htmltext --warc' | cmp - want
	# zcat | htmltext --warc keeps working
	bash -c 'zcat crawl.warc.gz | htmltext --warc' | cmp - want
	# a whole file gzipped as one member, and files one after another
	gzip -c crawl.warc > whole.warc.gz
	htmltext --warc whole.warc.gz | cmp - want
	htmltext --warc crawl.warc.gz whole.warc.gz crawl.warc.zst > three
	cat want want want | cmp - three
	# htmllinks reads them too
	htmllinks --warc crawl.warc > lwant
	htmllinks --warc crawl.warc.zst | cmp - lwant
	htmllinks --warc < crawl.warc.gz | cmp - lwant
}

@test "warc.gz, warc.zst: --offsets: FILE OFFSET LENGTH of each record's member, seekable; decoded offsets when a member holds several" {
	page http://a.example/1 'first page text' | gzip -n > m1
	rec request http://a.example/2 'GET /2 HTTP/1.1\r\n\r\n' | gzip -n > m2
	page http://a.example/2 'second page text' | gzip -n > m3
	cat m1 m2 m3 > c.warc.gz
	o3=$(($(size m1) + $(size m2)))
	run --separate-stderr htmltext --offsets --warc c.warc.gz
	assert_success
	# (the title is the URL's last segment, the pages having none)
	assert_output "$(printf 'http://a.example/1\tc.warc.gz\t0\t%d\t1\tfirst page text\nhttp://a.example/2\tc.warc.gz\t%d\t%d\t2\tsecond page text' \
	    "$(size m1)" "$o3" "$(size m3)")"
	# the triple fetches the record, as with Common Crawl's index
	tail -c +$((o3 + 1)) c.warc.gz | head -c "$(size m3)" | zcat > got
	page http://a.example/2 'second page text' | cmp - got
	# on stdin FILE is -, and htmllinks puts the three fields after its ID
	htmltext --offsets --warc < c.warc.gz | cut -f2-4 > got
	assert_bytes got -- '-\t0\t%d\n-\t%d\t%d\n' "$(size m1)" "$o3" "$(size m3)"
	page http://a.example/3 '<a href="/x">x</a>' | gzip -n > m4
	htmllinks --offsets --warc m4 > got
	assert_bytes got 'http://a.example/3\tm4\t0\t%d\thttp://a.example/x\n' "$(size m4)"
	# zstd: the frame's offset and length
	{ page http://z.example/1 'zstd one' | zstd -q; page http://z.example/2 'zstd two' | zstd -q; } > z.warc.zst
	read -r o l < <(htmltext --offsets --warc z.warc.zst | sed -n 2p | cut -f3,4)
	tail -c +$((o + 1)) z.warc.zst | head -c "$l" | zstd -qdc > got
	page http://z.example/2 'zstd two' | cmp - got
	# a plain WARC: the record's bytes, its CRLF CRLF included
	zcat c.warc.gz > c.warc
	read -r o l < <(htmltext --offsets --warc c.warc | sed -n 2p | cut -f3,4)
	tail -c +$((o + 1)) c.warc | head -c "$l" > got
	page http://a.example/2 'second page text' | cmp - got
	# a whole file in one member: offsets of the decoded stream, said once
	gzip -c c.warc > whole.warc.gz
	run --separate-stderr htmltext --offsets --warc whole.warc.gz
	assert_success
	assert_equal "$stderr" "htmltext: whole.warc.gz: offset 0: one gzip member holds several records: offsets count its decompressed bytes"
	printf '%s\n' "${lines[@]}" | cut -f3,4 > got
	htmltext --offsets --warc c.warc | cut -f3,4 | cmp - got
	# usage errors
	run --separate-stderr htmltext --offsets c.warc
	assert_usage_error "--offsets goes with --warc"
}

@test "warc.gz: --json: each document says where it came from: file, offset and length of its member, WARC date and record ID, Content-Type, HTTP status" {
	page http://a.example/1 'first page text' | gzip -n > m1
	{
		printf 'WARC/1.1\r\nWARC-Type: response\r\nWARC-Target-URI: http://a.example/2\r\n'
		printf 'WARC-Date: 2025-03-04T05:06:07Z\r\nWARC-Record-ID: <urn:uuid:12345678-1234-4234-8234-123456789abc>\r\n'
		b=$(printf 'HTTP/1.1 203 Non-Authoritative\r\nContent-Type: text/html; charset=utf-8\r\n\r\n<p>second page text</p>')
		printf 'Content-Length: %d\r\n\r\n%s\r\n\r\n' "${#b}" "$b"
	} | gzip -n > m2
	cat m1 m2 > c.warc.gz
	run --separate-stderr htmltext --json --status all --warc c.warc.gz
	assert_success
	assert_equal "${#lines[@]}" 2
	assert_equal "$(jq -c '[.id, .warc_filename, .warc_offset, .warc_length, .warc_date, .warc_record_id, .content_type, .http_status, .text]' <<< "${lines[0]}")" \
	    "[\"http://a.example/1\",\"c.warc.gz\",0,$(size m1),null,null,\"text/html\",200,\"first page text\"]"
	assert_equal "$(jq -c '[.warc_offset, .warc_length, .warc_date, .warc_record_id, .content_type, .http_status, .text]' <<< "${lines[1]}")" \
	    "[$(size m1),$(size m2),\"2025-03-04T05:06:07Z\",\"<urn:uuid:12345678-1234-4234-8234-123456789abc>\",\"text/html\",203,\"second page text\"]"
	# files that are not WARC have none of these keys
	printf '<p>a file</p>' > a.html
	assert_equal "$(htmltext --json a.html | jq -c '[keys[] | select(test("^warc_|^http_status$|^content_type$"))]')" '[]'
	assert_equal "$(htmltext --json a.html | jq -r .text)" "a file"
}

@test "warc.zst: the dictionary frame (zstd --train, a skippable frame 0x184D2A5D), compressed or not; a missing dictionary is said for each frame" {
	mkdir recs
	"$GEN" -s recs 60 > /dev/null
	zstd -q --train recs/* --maxdict=16384 -o dict
	# le32 N: N as four little-endian bytes
	le32() { printf "$(printf '\\%03o\\%03o\\%03o\\%03o' $(($1 & 255)) $(($1 >> 8 & 255)) $(($1 >> 16 & 255)) $(($1 >> 24 & 255)))"; }
	# one frame a record, in one zstd run
	zstd -q -D dict recs/*
	cat recs/*.zst > frames
	rm recs/*.zst
	{ printf '\x5d\x2a\x4d\x18'; le32 "$(size dict)"; cat dict frames; } > d.warc.zst
	zstd -q -c dict > dict.zst
	{ printf '\x5d\x2a\x4d\x18'; le32 "$(size dict.zst)"; cat dict.zst frames; } > dz.warc.zst
	cat recs/* | htmltext --warc > want
	[ "$(wc -l < want)" -eq 60 ]
	htmltext --warc d.warc.zst | cmp - want
	htmltext --warc < dz.warc.zst | cmp - want
	# the frames without their dictionary: each one reported, none read
	run --separate-stderr htmltext --rejects rej --warc frames
	assert_failure 1
	assert_output ''
	[ "$(echo "$stderr" | wc -l)" -eq "$(ls recs | wc -l)" ]
	id=$(echo "$stderr" | head -1 | sed 's/.*dictionary \([0-9]*\),.*/\1/')
	assert_equal "$(echo "$stderr" | head -1)" "htmltext: frames: offset 0: zstd frame: compressed with dictionary $id, and the file has no dictionary"
	[ "$id" -gt 0 ]
	assert_equal "$(cut -f2 rej | head -2 | tr '\n' ' ')" "0 $(zstd -q -c -D dict recs/000000 | wc -c) "
}

@test "warc.zst: a skippable frame cut short at the end is junk, said once; the frames before it are read" {
	for i in 1 2; do page "http://a.example/$i" "page $i text" | zstd -q > f$i; done
	# a skippable frame's magic and three of the four bytes of its length
	{ cat f1 f2; printf '\x5d\x2a\x4d\x18\x3f\xd4\xd4'; } > cut.warc.zst
	run --separate-stderr timeout 10 htmltext --warc cut.warc.zst
	assert_failure 1
	assert_equal "$(printf '%s\n' "${lines[@]}" | cut -f1 | tr '\n' ' ')" "http://a.example/1 http://a.example/2 "
	assert_equal "$stderr" "htmltext: cut.warc.zst: offset $(($(size f1) + $(size f2))): not a zstd frame (7 bytes skipped)"
}

@test "warc.gz: a truncated member, a bad CRC, junk between members, a member cut in the middle: file, offset, reason; the next member is read" {
	for i in 1 2 3 4 5; do page "http://a.example/$i" "page $i text" | gzip -n > m$i; done
	o() { local s=0 k; for k in $(seq 1 $(($1 - 1))); do s=$((s + $(size m$k))); done; echo $s; }
	# the file cut short in its last member
	cat m1 m2 m3 > t.warc.gz
	head -c 20 m4 >> t.warc.gz
	run --separate-stderr htmltext --rejects rej --warc t.warc.gz
	assert_failure 1
	assert_equal "${#lines[@]}" 3
	assert_equal "$stderr" "htmltext: t.warc.gz: offset $(o 4): truncated gzip member"
	assert_bytes rej '\t%d\ttruncated gzip member\n' "$(o 4)"
	# a member cut in the middle, whole members after it
	{ cat m1 m2; head -c $(($(size m3) / 2)) m3; cat m4 m5; } > mid.warc.gz
	run --separate-stderr htmltext --warc mid.warc.gz
	assert_failure 1
	assert_equal "$(printf '%s\n' "${lines[@]}" | cut -f1 | tr '\n' ' ')" "http://a.example/1 http://a.example/2 http://a.example/4 http://a.example/5 "
	[[ $stderr == "htmltext: mid.warc.gz: offset $(o 3): "* ]] || fail "$stderr"
	# a bad CRC-32: the member's record is rejected with its ID
	cat m1 m2 m3 m4 m5 > crc.warc.gz
	flip crc.warc.gz $(($(o 4) - 6))
	run --separate-stderr htmltext --rejects rej --warc crc.warc.gz
	assert_failure 1
	assert_equal "${#lines[@]}" 4
	assert_equal "$stderr" "htmltext: crc.warc.gz: offset $(o 3): gzip member: incorrect data check"
	assert_bytes rej 'http://a.example/3\t%d\tgzip member: incorrect data check\n' "$(o 3)"
	# junk between members, and NUL padding at the end (not reported)
	{ cat m1 m2; printf 'JUNK BETWEEN MEMBERS\n'; cat m3 m4 m5; head -c 512 /dev/zero; } > junk.warc.gz
	run --separate-stderr htmltext --warc junk.warc.gz
	assert_failure 1
	assert_equal "${#lines[@]}" 5
	assert_equal "$stderr" "htmltext: junk.warc.gz: offset $(o 3): not a gzip member (21 bytes skipped)"
	# a record's Content-Length too short or too long for its member
	printf 'WARC/1.1\r\nWARC-Type: response\r\nWARC-Target-URI: http://s/\r\nContent-Length: 22\r\n\r\nHTTP/1.1 200 OK\r\n\r\n<p>more than it says\r\n\r\n' | gzip -n > short
	printf 'WARC/1.1\r\nWARC-Type: response\r\nWARC-Target-URI: http://l/\r\nContent-Length: 99\r\n\r\nHTTP/1.1 200 OK\r\n\r\n<p>less\r\n\r\n' | gzip -n > long
	cat short long m1 > len.warc.gz
	run --separate-stderr htmltext --warc len.warc.gz
	assert_failure 1
	assert_output "$(printf 'http://a.example/1\t1\tpage 1 text')"
	assert_equal "$stderr" "htmltext: len.warc.gz: offset 0: Content-Length ends the block before the end of its gzip member
htmltext: len.warc.gz: offset $(size short): Content-Length 99 runs past the end of its gzip member (30 bytes there)"
	# an empty file, a file of one gzip byte, a gzip header alone
	: > empty.warc.gz
	run --separate-stderr htmltext --warc empty.warc.gz
	assert_success
	assert_output ''
	head -c 10 m1 > head.warc.gz
	run --separate-stderr htmltext --warc head.warc.gz
	assert_failure 1
	assert_equal "$stderr" "htmltext: head.warc.gz: offset 0: truncated gzip member"
}

@test "warc.gz: a gzip bomb (a member, and a Content-Encoding, that decode past --max-bytes) is refused without being held" {
	{
		printf 'WARC/1.1\r\nWARC-Type: response\r\nWARC-Target-URI: http://bomb.example/\r\nContent-Length: %d\r\n\r\n' $((100 * 1048576 + 44))
		printf 'HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n'
		head -c $((100 * 1048576)) /dev/zero
		printf '\r\n\r\n'
	} | gzip -n -1 > bomb
	page http://small.example/ 'small page text' | gzip -n > small
	# a record, then 100 MB of NUL bytes in its member
	{ page http://pad.example/ 'padded'; head -c $((100 * 1048576)) /dev/zero; } | gzip -n -1 > pad
	# a page whose Content-Encoding: gzip body decodes to 100 MB
	head -c $((100 * 1048576)) /dev/zero | gzip -n -1 > body.gz
	{
		printf 'WARC/1.1\r\nWARC-Type: response\r\nWARC-Target-URI: http://enc.example/\r\nContent-Length: %d\r\n\r\n' $(($(size body.gz) + 70))
		printf 'HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Encoding: gzip\r\n\r\n'
		cat body.gz
		printf '\r\n\r\n'
	} | gzip -n > enc
	cat bomb pad enc small > bombs.warc.gz
	[ "$(size bombs.warc.gz)" -lt 2000000 ]
	cp small small.warc.gz
	run --separate-stderr /usr/bin/time -f '%M' htmltext --max-bytes 1M --warc small.warc.gz
	assert_success
	alone=$(echo "$stderr" | tail -1)
	run --separate-stderr /usr/bin/time -f '%M' htmltext --max-bytes 1M --rejects rej --warc bombs.warc.gz
	assert_failure 1
	assert_output "$(printf 'http://small.example/\t\tsmall page text')"
	assert_equal "$(echo "$stderr" | sed '$d' | grep -v '^Command exited')" "htmltext: bombs.warc.gz: offset 0: larger than --max-bytes (1048576 bytes)
htmltext: bombs.warc.gz: offset $(size bomb): Content-Length ends the block before the end of its gzip member
htmltext: bombs.warc.gz: offset $(($(size bomb) + $(size pad))): Content-Encoding: gzip: decodes to more than --max-bytes (1048576 bytes)"
	assert_equal "$(cut -f1 rej | tr '\n' ' ')" "http://bomb.example/ http://pad.example/ http://enc.example/ "
	# peak memory (KB): the bombs add far less than the 100 MB each
	# decodes to to the peak of the small page alone (9 MB, or 30 MB
	# under ASan, whose own share a fixed bound mistook for ours)
	kb=$(echo "$stderr" | tail -1)
	[ "$kb" -lt $((alone + 16384)) ] || fail "peak $kb KB, $alone KB for the small page alone"
}

@test "warc: HTTP status: 2xx by default; 3xx, 4xx, 5xx and no status line skipped and counted; --status LIST chooses" {
	{
		page http://a.example/ok 'an ordinary page'
		rec response http://a.example/nc 'HTTP/1.1 203 Non-Authoritative Information\r\nContent-Type: text/html\r\n\r\n<p>also a page</p>'
		rec response http://a.example/old 'HTTP/1.1 301 Moved Permanently\r\nLocation: /new\r\nContent-Type: text/html\r\n\r\n<p>moved here</p>'
		rec response http://a.example/robots.txt 'HTTP/1.0 404 Not Found\r\nContent-Type: text/html\r\n\r\n<title>Error response</title><p>Error code: 404</p>'
		rec response http://a.example/err 'HTTP/2 503\r\ncontent-type: text/html\r\n\r\n<p>try again later</p>'
		rec response http://a.example/cont 'HTTP/1.1 100 Continue\r\n\r\n<p>continue</p>'
		rec response http://a.example/bad 'HTTP/1.1 2OO OK\r\n\r\n<p>no status</p>'
		rec response http://a.example/raw '<p>no HTTP header at all</p>'
		rec response dns:a.example '20240101000000\na.example. 60 IN A 10.0.0.1\n'
	} > s.warc
	run --separate-stderr htmltext -v --warc s.warc
	assert_success
	assert_equal "$(printf '%s\n' "${lines[@]}" | cut -f1 | tr '\n' ' ')" "http://a.example/ok http://a.example/nc "
	assert_equal "$(echo "$stderr" | head -1)" "htmltext: 9 WARC records: 2 HTML, 0 text, 0 request, 0 warcinfo, 0 metadata, 0 revisit, 0 non-HTML, 0 other, 0 bad; skipped for their HTTP status: 1 1xx, 0 2xx, 1 3xx, 1 4xx, 1 5xx, 3 without one"
	htmltext --status 200,301-308 --warc s.warc | cut -f1 > got
	assert_bytes got 'http://a.example/ok\nhttp://a.example/old\n'
	run --separate-stderr htmltext -v --status 404 --warc s.warc
	assert_output "$(printf 'http://a.example/robots.txt\tError response\tError code: 404')"
	assert_equal "$(echo "$stderr" | head -1 | sed 's/.*status: //')" "1 1xx, 2 2xx, 1 3xx, 0 4xx, 1 5xx, 3 without one"
	[ "$(htmltext --status all --warc s.warc | wc -l)" -eq 6 ]
	[ "$(htmllinks --status all --keep-relative --warc s.warc | wc -l)" -eq 0 ]
	# usage errors
	for bad in 20 600 300-200 200, 2000 ALL ''; do
		run --separate-stderr htmltext --warc --status "$bad" s.warc
		assert_usage_error "--status: '$bad': statuses from 100 to 599, ranges N-M, commas between them, or all"
	done
	run --separate-stderr htmltext --status 200 s.warc
	assert_usage_error "--status goes with --warc"
}

@test "warc: Content-Encoding gzip, x-gzip, deflate (raw), zstd undone, with chunks too; an unknown or lying coding is a rejected document" {
	html='<title>Enc</title><p>A page the server sent compressed.</p>'
	printf %s "$html" | gzip -n > body.gz
	printf %s "$html" | zstd -q > body.zst
	# bare deflate data: the gzip member without its header and trailer
	tail -c +11 body.gz | head -c -8 > body.raw
	# enc URI CODING FILE [CHUNKED]: a response whose body is FILE
	enc() {
		local hdr="HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\nContent-Encoding: $2\r\n"
		if [ -n "${4:-}" ]; then
			{ printf "${hdr}Transfer-Encoding: chunked\r\n\r\n%x\r\n" "$(size "$3")"; cat "$3"; printf '\r\n0\r\n\r\n'; } > blk
		else
			{ printf "$hdr\r\n"; cat "$3"; } > blk
		fi
		printf 'WARC/1.1\r\nWARC-Type: response\r\nWARC-Target-URI: %s\r\nContent-Length: %d\r\n\r\n' "$1" "$(size blk)"
		cat blk
		printf '\r\n\r\n'
	}
	printf %s "$html" > body.html
	{
		enc http://e/gzip gzip body.gz
		enc http://e/x-gzip x-gzip body.gz
		enc http://e/deflate deflate body.raw
		enc http://e/zstd zstd body.zst
		enc http://e/chunked-gzip 'GZIP' body.gz chunked
		enc http://e/identity identity body.html
		enc http://e/lie gzip body.html
		enc http://e/unknown compress body.gz
		enc http://e/cut gzip <(head -c 30 body.gz)
	} > enc.warc
	run --separate-stderr htmltext --rejects rej --warc enc.warc
	assert_failure 1
	assert_equal "$(printf '%s\n' "${lines[@]}" | cut -f2- | sort -u)" "$(printf 'Enc\tA page the server sent compressed.')"
	assert_equal "$(printf '%s\n' "${lines[@]}" | cut -f1 | tr '\n' ' ')" "http://e/gzip http://e/x-gzip http://e/deflate http://e/zstd http://e/chunked-gzip http://e/identity "
	assert_equal "$(echo "$stderr" | sed 's/offset [0-9]*/offset N/')" "htmltext: enc.warc: offset N: Content-Encoding: gzip: incorrect header check
htmltext: enc.warc: offset N: unknown Content-Encoding: compress
htmltext: enc.warc: offset N: Content-Encoding: gzip: data cut short"
	assert_equal "$(cut -f1,3 rej | tr '\n\t' '| ')" "http://e/lie Content-Encoding: gzip: incorrect header check|http://e/unknown unknown Content-Encoding: compress|http://e/cut Content-Encoding: gzip: data cut short|"
	# the charset of the header still counts
	htmltext --meta --warc enc.warc 2>/dev/null | cut -f3,4 | sort -u > got
	assert_bytes got 'UTF-8\theader\n'
	# the same file compressed: a payload compressed twice
	gzip -c enc.warc > enc.warc.gz
	htmltext --warc enc.warc.gz 2>/dev/null | cmp - <(printf '%s\n' "${lines[@]}")
}

@test "warc: WET records (conversion, text/plain) are documents of htmltext; a wrong Content-Length is reported, in .warc.wet.gz too" {
	wet() { rec conversion "$1" "$2" | sed '2a\
Content-Type: text/plain\r'; }
	{
		rec warcinfo '' 'software: test\r\n'
		wet http://w.example/a 'Page A\nFirst line of A.\nSecond line of A.\n'
		wet http://w.example/b 'Page B\r\n\r\nA line of B \377 with a bad byte.\n'
	} > t.warc.wet
	run --separate-stderr htmltext --warc t.warc.wet
	assert_success
	assert_output "$(printf 'http://w.example/a\t\tPage A\\nFirst line of A.\\nSecond line of A.\nhttp://w.example/b\t\tPage B\\nA line of B \357\277\275 with a bad byte.')"
	gzip -c t.warc.wet > whole.warc.wet.gz
	htmltext --warc whole.warc.wet.gz | cmp - <(printf '%s\n' "${lines[@]}")
	# the text goes on down the dedup route as it is
	htmltext --warc t.warc.wet | sha256text -a | cut -f1,3 > got
	[ "$(wc -l < got)" -eq 2 ]
	# a Content-Length that lies, in a member per record: the record is
	# reported, the next is read
	wet http://w.example/c 'Page C\nText of C.\n' | gzip -n > c1
	wet http://w.example/d 'Page D\nText of D.\n' | sed 's/^Content-Length: 18/Content-Length: 12/' | gzip -n > d1
	wet http://w.example/e 'Page E\nText of E.\n' | sed 's/^Content-Length: 18/Content-Length: 40/' | gzip -n > e1
	zcat d1 | grep -q '^Content-Length: 12' && zcat e1 | grep -q '^Content-Length: 40' 
	wet http://w.example/f 'Page F\nText of F.\n' | gzip -n > f1
	cat c1 d1 e1 f1 > lie.warc.wet.gz
	run --separate-stderr htmltext --rejects rej --warc lie.warc.wet.gz
	assert_failure 1
	assert_equal "$(printf '%s\n' "${lines[@]}" | cut -f1 | tr '\n' ' ')" "http://w.example/c http://w.example/f "
	assert_equal "$stderr" "htmltext: lie.warc.wet.gz: offset $(size c1): Content-Length ends the block before the end of its gzip member
htmltext: lie.warc.wet.gz: offset $(($(size c1) + $(size d1))): Content-Length 40 runs past the end of its gzip member (22 bytes there)"
	assert_equal "$(cut -f1 rej | tr '\n' ' ')" "http://w.example/d http://w.example/e "
	# plain, from a file and from a pipe: the block is not followed by
	# CR LF; the record the long one swallowed is found in it
	zcat lie.warc.wet.gz > lie.warc.wet
	od=$(zcat c1 | wc -c)
	oe=$((od + $(zcat d1 | wc -c)))
	for f in lie.warc.wet -; do
		run --separate-stderr bash -c "htmltext --warc $f < lie.warc.wet"
		assert_failure 1
		assert_equal "$(printf '%s\n' "${lines[@]}" | cut -f1 | tr '\n' ' ')" "http://w.example/c http://w.example/f "
		assert_equal "$stderr" "htmltext: $f: offset $od: Content-Length 12 does not end the record (no CRLF CRLF after the block)
htmltext: $f: offset $oe: Content-Length 40 does not end the record (no CRLF CRLF after the block)"
	done
}

@test "warc.gz: write errors and closed pipes: > /dev/full is status 2 with a message, | head -1 is silent" {
	"$GEN" -z gzip 2000 > crawl.warc.gz
	run --separate-stderr bash -c 'htmltext --warc crawl.warc.gz > /dev/full'
	assert_failure 2
	assert_equal "$stderr" "htmltext: write error: No space left on device"
	run --separate-stderr bash -c 'htmltext --warc crawl.warc.gz | head -1; echo "${PIPESTATUS[0]}" >&2'
	assert_success
	assert_equal "$stderr" "141"
	assert_equal "${#lines[@]}" 1
	run --separate-stderr bash -c 'htmllinks --offsets --warc crawl.warc.gz | head -1; echo "${PIPESTATUS[0]}" >&2'
	assert_equal "$stderr" "141"
}
