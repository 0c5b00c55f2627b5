# The record library's conventions (DESIGN.md: The record format,
# Command-line conventions), through sha256text and hamming: lines, CR,
# NUL, long lines, inputs, --max-record, --rejects, write errors, SIGPIPE,
# --line-buffered.  Related checks share a test: bats costs about a third
# of a second a test here, and the suite also runs under ASan.
bats_require_minimum_version 1.5.0
load helper

PROG=sha256text

Z=0000000000000000
EMPTY=e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855

# into_out CMD [ARG...]: run CMD with its stdout in the file out, so that
# the bytes can be checked ($output stays empty), stderr in $stderr.
into_out() {
	run --separate-stderr bash -c '"$@" > out' into_out "$@"
}

# --- lines ---------------------------------------------------------------------

@test "record: empty input, a last line without LF, empty lines" {
	# empty input: no output at all, status 0
	: > empty
	into_out sha256text < /dev/null
	assert_success
	assert_equal "$stderr" ""
	assert_file_empty out
	into_out sha256text empty - empty < /dev/null
	assert_success
	assert_file_empty out
	into_out hamming -t $Z -k 64 empty
	assert_success
	assert_equal "$stderr" ""
	assert_file_empty out
	# the last line may lack its LF; the output has it
	printf '1\ta  b\n2\tc  d' > in
	into_out sha256text in
	assert_success
	assert_equal "$stderr" ""
	assert_bytes out "1\t$(sha 'a b')\n2\t$(sha 'c d')\n"
	printf 'x\t000000000000000f' | hamming -t $Z -k 64 > out
	assert_bytes out 'x\t000000000000000f\t4\n'
	# an empty line is a record of one empty field
	printf '\n1\tx\n\n' > in
	into_out sha256text in
	assert_success
	assert_bytes out "$EMPTY\n1\t$(sha x)\n$EMPTY\n"
	run --separate-stderr sha256text -f 2 in
	assert_failure 1
	assert_equal "$stderr" "sha256text: in:1: no field 2: the record has 1
sha256text: in:3: no field 2: the record has 1"
	assert_output "1	$(sha x)"
}

@test "record: CRLF: the CR before LF is dropped, one only; a CR elsewhere is kept" {
	printf '1\ta  b\r\n2\t\xe3\x80\x80c\r\n\r\n' > crlf
	printf '1\ta  b\n2\t\xe3\x80\x80c\n\n' > lf
	sha256text lf > want
	into_out sha256text crlf
	assert_success
	assert_equal "$stderr" ""
	assert_files_equal out want
	assert_bytes out "1\t$(sha 'a b')\n2\t$(sha c)\n$EMPTY\n"
	# a fingerprint before CRLF is a fingerprint
	printf 'x\r\t000000000000000f\r\n' | hamming -t $Z -k 64 > out
	assert_bytes out 'x\r\t000000000000000f\t4\n'
	# in a copied field a CR stays; in the text it is white space
	printf 'a\rb\tx\ry\r\tz\r\r\n' > in
	into_out sha256text -f 2 in
	assert_success
	assert_bytes out "a\rb\t$(sha 'x y')\tz\r\n"
	printf '1\tx\r\r\n' | sha256text > out
	assert_bytes out "1\t$(sha x)\n"
	# so a fingerprint followed by two CRs is not a fingerprint
	run --separate-stderr bash -c "printf 'a\t$Z\r\r\n' | hamming -t $Z -k 64"
	assert_failure 1
	assert_output ''
	assert_equal "$stderr" "hamming: -:1: field -1: '$Z\\x0d' is not a fingerprint (16 hex digits)"
}

@test "record: NUL bytes inside fields are ordinary bytes" {
	printf 'a\000b\tc\000  d\000\n\000\t\000\n' > in
	into_out sha256text in
	assert_success
	assert_equal "$stderr" ""
	assert_bytes out "a\000b\t$(sha 'c\000 d\000')\n\000\t$(sha '\000')\n"
	printf 'x\000y\t000000000000000f\n' | hamming -t $Z -k 64 > out
	assert_bytes out 'x\000y\t000000000000000f\t4\n'
}

@test "record: a 3 MB line, longer than the read buffer, hashed and copied" {
	# record 1: 3 MB of NUL bytes as the text; record 2: 3 MB copied
	{
		printf '1\t'
		head -c 3000000 /dev/zero
		printf '\n'
		head -c 3000000 /dev/zero | tr '\0' x
		printf '\tid2  \n3\tend'
	} > in
	want=$(head -c 3000000 /dev/zero | sha256sum)
	{
		printf '1\t%s\n' "${want%  -}"
		head -c 3000000 /dev/zero | tr '\0' x
		printf '\t%s\n3\t%s\n' "$(sha id2)" "$(sha end)"
	} > want
	into_out sha256text in
	assert_success
	assert_equal "$stderr" ""
	assert_files_equal out want
}

# --- inputs --------------------------------------------------------------------

@test "record: many files are read in order, - is stdin, line numbers per file" {
	printf '1\ta\n2\tb\n' > f1
	printf '3\tc' > f2		# no LF: not joined to the next file
	printf '4\td\n' > f3
	printf '5\te\n' > stdin
	into_out sha256text f1 f2 - f3 < stdin
	assert_success
	assert_equal "$stderr" ""
	assert_bytes out "1\t$(sha a)\n2\t$(sha b)\n3\t$(sha c)\n5\t$(sha e)\n4\t$(sha d)\n"
	run --separate-stderr sha256text -q -f 3 --rejects rej f3 f1 - < stdin
	assert_failure 1
	assert_equal "$stderr" ""
	assert_bytes rej '4\td\n1\ta\n2\tb\n5\te\n'
	run --separate-stderr sha256text -f 3 f2 f1 - < stdin
	assert_failure 1
	assert_output ''
	assert_equal "$stderr" "sha256text: f2:1: no field 3: the record has 2
sha256text: f1:1: no field 3: the record has 2
sha256text: f1:2: no field 3: the record has 2
sha256text: -:1: no field 3: the record has 2"
}

@test "record: a missing file or a directory is reported, the others still read, status 2" {
	printf '1\ta\n' > f1
	printf '3\tc\n' > f3
	into_out sha256text f1 nosuch f3
	assert_failure 2
	assert_equal "$stderr" "sha256text: nosuch: No such file or directory"
	assert_bytes out "1\t$(sha a)\n3\t$(sha c)\n"
	# a directory opens, but cannot be read
	mkdir d
	into_out sha256text d f1
	assert_failure 2
	assert_equal "$stderr" "sha256text: d: read error: Is a directory"
	assert_bytes out "1\t$(sha a)\n"
	# -q silences records, not this
	run --separate-stderr sha256text -q nosuch
	assert_failure 2
	assert_output ''
	assert_equal "$stderr" "sha256text: nosuch: No such file or directory"
	# trouble (2) wins over rejected records (1)
	run --separate-stderr sha256text -f 2 nosuch f1 - <<< 'x'
	assert_failure 2
	assert_equal "$stderr" "sha256text: nosuch: No such file or directory
sha256text: -:1: no field 2: the record has 1"
	assert_output "1	$(sha a)"
}

# --- --max-record --------------------------------------------------------------

@test "record: --max-record N: a longer record is rejected and sent verbatim to --rejects" {
	# 5 bytes is fine, 6 is not; the CR before LF does not count
	printf '1\tabc\n2\tabcd\n3\tab\r\n4\t\xff\\q\n5\t\xffa\\q\n6\tb' > in
	run --separate-stderr sha256text --max-record 5 --rejects rej in
	assert_failure 1
	assert_equal "$stderr" "sha256text: in:2: record longer than 5 bytes (--max-record)
sha256text: in:5: record longer than 5 bytes (--max-record)"
	assert_output "1	$(sha abc)
3	$(sha ab)
4	$(sha '\xff\\q')
6	$(sha b)"
	assert_bytes rej '2\tabcd\n5\t\xffa\\q\n'
	# -q: no messages, the same status
	run --separate-stderr sha256text -q --max-record 5 in
	assert_failure 1
	assert_equal "$stderr" ""
	assert_equal "${#lines[@]}" 4
}

@test "record: --max-record: a 1 MB record streams verbatim to --rejects, CR handled across reads" {
	{
		printf '1\ta\n'
		head -c 1000000 /dev/zero | tr '\0' y
		printf '\r\n2\tb\n'
		head -c 1000000 /dev/zero | tr '\0' z
	} > in
	{
		head -c 1000000 /dev/zero | tr '\0' y
		printf '\n'
		head -c 1000000 /dev/zero | tr '\0' z
		printf '\n'
	} > want
	run --separate-stderr sha256text --max-record 1k --rejects rej in
	assert_failure 1
	assert_equal "$stderr" "sha256text: in:2: record longer than 1024 bytes (--max-record)
sha256text: in:4: record longer than 1024 bytes (--max-record)"
	assert_output "1	$(sha a)
2	$(sha b)"
	assert_files_equal rej want
	# The reader reads 256 KB at a time: put a CR as the last byte of the
	# first read, followed by LF in one file, by another byte in the other.
	head -c 262143 /dev/zero | tr '\0' y > long
	{ cat long; printf '\r\n1\ta\n'; } > crlf
	{ cat long; printf '\rz\n1\ta\n'; } > crz
	run --separate-stderr sha256text -q --max-record 1000 --rejects rej crlf
	assert_failure 1
	assert_output "1	$(sha a)"
	{ cat long; printf '\n'; } > want
	assert_files_equal rej want
	run --separate-stderr sha256text -q --max-record 1000 --rejects rej crz
	assert_failure 1
	assert_output "1	$(sha a)"
	{ cat long; printf '\rz\n'; } > want
	assert_files_equal rej want
}

@test "record: --max-record takes k, M and G (powers of 1024)" {
	{	# records of 1024, 1025, 1048576 and 1048577 bytes
		printf '\t'; head -c 1023 /dev/zero | tr '\0' a; printf '\n'
		printf '\t'; head -c 1024 /dev/zero | tr '\0' b; printf '\n'
		printf '\t'; head -c 1048575 /dev/zero | tr '\0' c; printf '\n'
		printf '\t'; head -c 1048576 /dev/zero | tr '\0' d; printf '\n'
	} > in
	run --separate-stderr sha256text -q -v --max-record 1k in
	assert_failure 1
	assert_equal "$stderr" "sha256text: records: 4 read, 1 written, 3 rejected"
	run --separate-stderr sha256text -v --max-record 1M in
	assert_failure 1
	assert_equal "$stderr" "sha256text: in:4: record longer than 1048576 bytes (--max-record)
sha256text: records: 4 read, 3 written, 1 rejected"
	for g in 1g 1048577; do
		run --separate-stderr sha256text -v --max-record "$g" in
		assert_success
		assert_equal "$stderr" "sha256text: records: 4 read, 4 written, 0 rejected"
	done
}

@test "record: bad --max-record values are usage errors" {
	for v in x '' -1 ' -1' +5 1T 1kb 18446744073709551616 17179869184G; do
		run --separate-stderr sha256text --max-record "$v" /dev/null
		assert_usage_error "--max-record: '$v' is not a size (a number of bytes, or with k, M or G)"
	done
	run --separate-stderr sha256text --max-record 0 /dev/null
	assert_usage_error "--max-record: must be at least 1"
}

@test "record: --max-record 18446744073709551615 (SIZE_MAX) rejects nothing" {
	{ printf '1\t'; head -c 300000 /dev/zero | tr '\0' x; printf '\n'; } > in
	want=$(head -c 300000 /dev/zero | tr '\0' x | sha256sum)
	run --separate-stderr sha256text --max-record 18446744073709551615 in
	assert_success
	assert_equal "$stderr" ""
	assert_output "1	${want%  -}"
}

# --- garbage -------------------------------------------------------------------

@test "record: binary garbage: no crash, every line accounted for" {
	# 200,000 pseudo-random bytes from a fixed LCG: the same every run
	awk 'BEGIN { x = 1; for (i = 0; i < 200000; i++) {
	    x = (x * 75 + 74) % 65537; printf "\\x%02x", int(x / 4) % 256 } }' > esc
	printf '%b\n' "$(cat esc)" > in
	n=$(tr -cd '\n' < in | wc -c)
	[ "$n" -gt 500 ]
	# -f 2: lines without TAB are rejected
	run --separate-stderr bash -c 'sha256text -v -f 2 --rejects rej in > out'
	[ "$status" -eq 0 ] || [ "$status" -eq 1 ]
	written=$(wc -l < out)
	rejected=$(wc -l < rej)
	[ "$rejected" -gt 0 ]
	assert_equal "$((written + rejected))" "$n"
	assert_equal "$(printf '%s\n' "$stderr" | wc -l)" "$((rejected + 1))"
	assert_equal "$(printf '%s\n' "$stderr" | tail -n 1)" \
	    "sha256text: records: $n read, $written written, $rejected rejected"
	# the last field, through ICU: every line gets a digest
	run --separate-stderr bash -c 'sha256text --nfkc --casefold in > out'
	assert_success
	assert_equal "$stderr" ""
	assert_equal "$(wc -l < out)" "$n"
	assert_equal "$(LC_ALL=C grep -acvE '(^|	)[0-9a-f]{64}$' out)" 0
	# hamming: garbage is no fingerprint, so all are rejected
	run --separate-stderr bash -c 'hamming -q -t '$Z' -k 64 --rejects rej in > out'
	assert_failure 1
	assert_equal "$(($(wc -l < out) + $(wc -l < rej)))" "$n"
}

# --- output: write errors, closed pipes, buffering -----------------------------

@test "record: write errors: > /dev/full, --rejects that cannot be written; status 2" {
	printf '1\ta\n' > small
	run --separate-stderr bash -c 'sha256text small > /dev/full'
	assert_failure 2
	assert_equal "$stderr" "sha256text: write error: No space left on device"
	# more than the output buffer: the first flush fails
	yes x | head -n 20000 > big
	run --separate-stderr bash -c 'sha256text big > /dev/full'
	assert_failure 2
	assert_equal "$stderr" "sha256text: write error: No space left on device"
	run --separate-stderr bash -c 'hamming -t '$Z' -k 64 <<< "a	'$Z'" > /dev/full'
	assert_failure 2
	assert_equal "$stderr" "hamming: write error: No space left on device"
	# the rejects file is named
	run --separate-stderr sha256text -q -f 3 --rejects /dev/full small
	assert_failure 2
	assert_output ''
	assert_equal "$stderr" "sha256text: /dev/full: write error: No space left on device"
	# a rejects file that cannot be made stops the program before it reads
	run --separate-stderr sha256text --rejects nodir/rej small
	assert_failure 2
	assert_output ''
	assert_equal "$stderr" "sha256text: nodir/rej: No such file or directory"
	mkdir d
	run --separate-stderr sha256text --rejects d small
	assert_failure 2
	assert_output ''
	assert_equal "$stderr" "sha256text: d: Is a directory"
}

@test "record: a closed pipe ends it quietly, status 141, even with SIGPIPE ignored" {
	# shellcheck disable=SC2016
	run --separate-stderr bash -c '
	    yes x | head -c 10000000 | sha256text 2> err | head -1
	    echo "status ${PIPESTATUS[2]}"'
	assert_success
	assert_equal "$stderr" ""
	assert_output "$(sha x)
status 141"
	assert_file_empty err
	# SIGPIPE ignored (inherited): EPIPE, then SIGPIPE restored and raised
	# shellcheck disable=SC2016
	run --separate-stderr bash -c '
	    trap "" PIPE
	    yes x 2> /dev/null | head -c 10000000 2> /dev/null |
	        sha256text 2> err | head -1
	    echo "status ${PIPESTATUS[2]}"'
	assert_success
	assert_output "$(sha x)
status 141"
	assert_file_empty err
}

@test "record: --line-buffered: each record comes out before the input ends" {
	# shellcheck disable=SC2016
	run --separate-stderr bash -c '
	    coproc sha256text --line-buffered -f 2 --rejects rej
	    pid=$COPROC_PID
	    exec 5<&"${COPROC[0]}"	# bash closes COPROC when it ends
	    printf "1\ta  b\n" >&"${COPROC[1]}"
	    IFS= read -r -t 10 line <&5 && echo "got $line"
	    printf "bad\n2\tc\n" >&"${COPROC[1]}"
	    IFS= read -r -t 10 line <&5 && echo "got $line"
	    cat rej
	    eval "exec ${COPROC[1]}>&-"
	    wait "$pid"
	    echo "status $?"'
	assert_success
	assert_equal "$stderr" "sha256text: -:2: no field 2: the record has 1"
	assert_output "got 1	$(sha 'a b')
got 2	$(sha c)
bad
status 1"
	# without it, output to a pipe waits for a full buffer or the end
	# shellcheck disable=SC2016
	run --separate-stderr bash -c '
	    coproc sha256text
	    pid=$COPROC_PID
	    exec 5<&"${COPROC[0]}"
	    printf "1\ta  b\n" >&"${COPROC[1]}"
	    IFS= read -r -t 0.5 line <&5 || echo "nothing yet"
	    eval "exec ${COPROC[1]}>&-"
	    IFS= read -r -t 10 line <&5 && echo "got $line"
	    wait "$pid"
	    echo "status $?"'
	assert_success
	assert_equal "$stderr" ""
	assert_output "nothing yet
got 1	$(sha 'a b')
status 0"
}

# --- fields not interpreted ----------------------------------------------------

@test "record: the fields a program does not interpret are copied byte for byte" {
	# invalid UTF-8, backslashes (\\ \t \q, one at the end), NUL, CR, U+3000
	f1='\xff\xfe\\\\\\t\\q\000\r\xe3\x80\x80 \\'
	f3='  \\n\xc3\x28\\'
	# shellcheck disable=SC2059
	printf "$f1\tx  y\t$f3\n" > in
	into_out sha256text -f 2 in
	assert_success
	assert_equal "$stderr" ""
	assert_bytes out "$f1\t$(sha 'x y')\t$f3\n"
	# -a: the text itself is copied too
	into_out sha256text -a -f 2 in
	assert_success
	assert_bytes out "$f1\t$(sha 'x y')\tx  y\t$f3\n"
	# hamming copies the whole record
	# shellcheck disable=SC2059
	printf "$f1\t$f3\t000000000000000f\n" > in
	into_out hamming -t $Z -k 64 in
	assert_success
	assert_bytes out "$f1\t$f3\t000000000000000f\t4\n"
}

@test "record: a rejected header is reported and makes status 1, but is not counted as a record" {
	printf 'id\ttext\nx\ty\tz\n' > in
	run --separate-stderr sha256text -H -v -f 3 --rejects rej in
	assert_failure 1
	assert_output "x	y	$(sha z)"
	assert_equal "$stderr" "sha256text: in:1: no field 3: the record has 2
sha256text: records: 1 read, 1 written, 0 rejected"
	assert_equal "$(cat rej)" "id	text"
}

@test "record: with stdout closed, records never land in the --rejects file" {
	printf 'a\tb\nc\n' > in
	run --separate-stderr bash -c 'sha256text -f 2 --rejects rej in >&-'
	assert_failure 2
	assert_equal "$stderr" "sha256text: in:2: no field 2: the record has 1
sha256text: write error: Bad file descriptor"
	assert_equal "$(cat rej)" "c"
}

@test "record: a UTF-8 byte order mark at the start of an input is dropped, elsewhere kept" {
	printf '\xef\xbb\xbfa\tx\n\xef\xbb\xbfb\tx\n' > f1
	printf '\xef\xbb\xbfc\tx\n' > f2
	run sha256text -f 1 f1 f2
	assert_success
	sha256text -f 1 f1 f2 > out
	assert_bytes out '%s\tx\n%s\tx\n%s\tx\n' "$(sha a)" "$(sha '\xef\xbb\xbfb')" "$(sha c)"
}

@test "record: a record is written before the input ends, BOM check or not" {
	# The byte order mark test must not wait for a third byte that an
	# interactive writer has not sent yet: "x\n" alone goes out at once.
	for first in 'x\n' '\xef\n' '\xef\xbb\n'; do
		rm -f in out
		mkfifo in
		sha256text --line-buffered -f 1 < in > out &
		exec 4> in
		printf "$first" >&4
		early=no
		for _ in $(seq 100); do
			[ -s out ] && { early=yes; break; }
			sleep 0.05
		done
		exec 4>&-
		wait
		assert_equal "$first: $early" "$first: yes"
		[ "$(wc -l < out)" -eq 1 ]
	done
}

@test "record: --version names exactly the libraries a program loads" {
	# Each program is linked only with the libraries its code calls
	# (--as-needed; common/cli.c), and --version names those: the ones
	# the dynamic loader loads, by ldd.  xxHash may be compiled in
	# instead (XXH_INLINE_ALL), which no loader sees.  The table pins
	# who uses what, so that a library coming back into a program that
	# never calls it shows here.
	want='hamming:
htmllinks:ICU libxml2 xxHash zlib zstd Brotli
htmltext:OpenSSL ICU libxml2 xxHash json-c CLD2 zlib zstd Brotli
nearpairs:xxHash
nearverify:ICU xxHash
seen:xxHash
seenlines:ICU xxHash
sha256text:OpenSSL ICU
simhash:ICU xxHash
urlnorm:ICU xxHash libpsl'
	got=""
	for p in hamming htmllinks htmltext nearpairs nearverify seen seenlines \
	    sha256text simhash urlnorm; do
		run --separate-stderr "$p" --version
		assert_success
		assert_equal "$stderr" ""
		assert_line --index 0 "$p (crawlutils) 0.1.0"
		names=$(echo "$output" | sed 1d | cut -d' ' -f1 | tr '\n' ' ')
		got="$got${got:+
}$p:${names% }"
		libs=$(ldd "$CRAWLUTILS_BIN/$p")
		for pair in OpenSSL:libcrypto.so ICU:libicuuc.so libxml2:libxml2.so \
		    json-c:libjson-c.so CLD2:libcld2.so xxHash:libxxhash.so \
		    libpsl:libpsl.so zlib:libz.so zstd:libzstd.so \
		    Brotli:libbrotlidec.so; do
			name=${pair%%:*} so=${pair#*:}
			named=no loaded=no
			case " $names " in *" $name "*) named=yes ;; esac
			case $libs in *"$so"*) loaded=yes ;; esac
			# xxHash named but not loaded: compiled in
			[ "$name:$named:$loaded" = xxHash:yes:no ] && continue
			assert_equal "$p: $name named $named" "$p: $name named $loaded"
		done
	done
	assert_equal "$got" "$want"
}
