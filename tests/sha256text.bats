# sha256text: the SHA-256 of the white-space-normalized text of a field,
# as 64 lowercase hex digits (DESIGN.md: Programs, The record format).
# Tables of cases run as one sha256text each: bats costs about a third of
# a second a test here, and the suite also runs under ASan.
bats_require_minimum_version 1.5.0
load helper

PROG=sha256text

# sha256 of the empty string
EMPTY=e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855

# check_table [OPTION...] -- TEXT NORM [TEXT NORM...]: one run of
# `sha256text OPTION...` over the records "N TAB TEXT", one a pair, must
# succeed quietly and give record N the digest sha256sum gives the bytes
# of its NORM.  TEXT and NORM are printf formats: '\\t' is the escape \t
# of the record format, '\xe3\x80\x80' a U+3000, '\000' a NUL byte.
check_table() {
	local opts=() texts=() norms=() sums=() i n f
	while [ "$1" != -- ]; do
		opts+=("$1")
		shift
	done
	shift
	: > in
	while [ $# -gt 0 ]; do
		texts+=("$1")
		norms+=("$2")
		# shellcheck disable=SC2059
		printf "%d\t$1\n" "${#texts[@]}" >> in
		printf -v f 'norm.%04d' "${#texts[@]}"
		# shellcheck disable=SC2059
		printf "$2" > "$f"
		shift 2
	done
	mapfile -t sums < <(sha256sum norm.*)
	run --separate-stderr sha256text "${opts[@]}" in
	assert_success
	assert_equal "$stderr" ""
	n=${#texts[@]}
	assert_equal "${#lines[@]}" "$n"
	for ((i = 0; i < n; i++)); do
		[ "${lines[i]}" = "$((i + 1))	${sums[i]%% *}" ] ||
			fail "case $((i + 1)): sha256text ${opts[*]}: text" \
			    "'${texts[i]}' must hash as '${norms[i]}'"
	done
}

# --- the DESIGN example --------------------------------------------------------

@test "sha256text: DESIGN example: x, TAB, what sha256sum prints for 'a b'" {
	run --separate-stderr bash -c "printf 'x\ta \\\\t b\n' | sha256text"
	assert_success
	assert_equal "$stderr" ""
	want=$(printf 'a b' | sha256sum)
	assert_output "x	${want%  -}"
	assert_output "x	c8687a08aa5d6ed2044328fa6a697ab8e96dc34291e8c2034ae8c38e6fcc6d65"
	# and exactly these bytes: 64 lowercase hex digits, one LF
	printf 'x\ta \\t b\n' | sha256text > out
	assert_bytes out 'x\tc8687a08aa5d6ed2044328fa6a697ab8e96dc34291e8c2034ae8c38e6fcc6d65\n'
}

# --- what sha256sum sees: the text, white space collapsed ----------------------

@test "sha256text: white space: each run becomes one space, none at the ends" {
	check_table -- \
	    'a b c'				'a b c' \
	    'a \v\f\r  b\\t\\n\\r c'		'a b c' \
	    'a\\tb\\nc\\rd'			'a b c d' \
	    '  \\t a b \\n\\r '			'a b' \
	    ''					'' \
	    ' \\t\\n\\r\v\f \xe3\x80\x80\xc2\xa0\xc2\x85\xe2\x80\xa8 ' '' \
	    '中文\xe3\x80\x80\xe3\x80\x80文本\xc2\xa0测试\xe3\x80\x80' '中文 文本 测试' \
	    '\xc2\xa0 中文 \xc2\xa0\xe3\x80\x80' '中文' \
	    'a\xe2\x80\xa8b\xe2\x80\xa9c'		'a b c' \
	    'a\xc2\x85b \xc2\x85 c'		'a b c' \
	    'a\xe1\x9a\x80b\xe2\x80\x80c\xe2\x80\x8ad\xe2\x80\xafe\xe2\x81\x9ff' 'a b c d e f' \
	    'a\xe2\x80\x8bb \xe2\x80\x8b c\xe2\x80\x8b' 'a\xe2\x80\x8bb \xe2\x80\x8b c\xe2\x80\x8b' \
	    'a\x1cb \x1f c\x7f\x01'		'a\x1cb \x1f c\x7f\x01' \
	    'a\000b  \000'			'a\000b \000' \
	    'ＡＢＣ ﬁ  Straße HELLO'		'ＡＢＣ ﬁ Straße HELLO'
	# the empty and the white-space-only texts: the empty string's digest
	assert_line --index 4 "5	$EMPTY"
	assert_line --index 5 "6	$EMPTY"
}

@test "sha256text: backslashes: \\\\ is one, before any other byte or at the end it stands for itself" {
	check_table -- \
	    'a\\\\b'		'a\\b' \
	    'a\\\\tb'		'a\\tb' \
	    'a\\\\\\tb'		'a\\ b' \
	    '\\\\\\\\'		'\\\\' \
	    'a\\qb \\0 \\中'	'a\\qb \\0 \\中' \
	    'ab \\'		'ab \\' \
	    '\\'		'\\' \
	    'a\\  b'		'a\\ b' \
	    'a\\\\ \\\\'	'a\\ \\'
}

@test "sha256text: long texts: 100 KB of one word, 100 KB of words and white space" {
	# each unit: lorem \t ' ipsum' U+3000 ' dolor' NBSP U+2028 '  '
	unit=$(printf 'lorem\\t ipsum\xe3\x80\x80 dolor\xc2\xa0\xe2\x80\xa8  ')
	{
		printf '1\t'
		head -c 100000 /dev/zero | tr '\0' w
		printf '\n2\t  '
		yes "$unit" | head -n 4000 | tr -d '\n'
		printf '\n'
	} > in
	[ "$(wc -c < in)" -gt 200000 ]
	head -c 100000 /dev/zero | tr '\0' w > want1
	yes 'lorem ipsum dolor' | head -n 4000 | tr '\n' ' ' | head -c -1 > want2
	# the same through ICU
	unit=$(printf 'ＡＢＣ\\t Straße\xe3\x80\x80')
	{ printf '3\t'; yes "$unit" | head -n 5000 | tr -d '\n'; printf '\n'; } > in3
	yes 'abc strasse' | head -n 5000 | tr '\n' ' ' | head -c -1 > want3
	mapfile -t want < <(sha256sum want1 want2 want3)
	run --separate-stderr sha256text in
	assert_success
	assert_equal "$stderr" ""
	assert_output "1	${want[0]%% *}
2	${want[1]%% *}"
	run --separate-stderr sha256text --nfkc --casefold in3
	assert_success
	assert_equal "$stderr" ""
	assert_output "3	${want[2]%% *}"
}

# --- invalid UTF-8 -------------------------------------------------------------

@test "sha256text: invalid UTF-8 is never white space, is hashed unchanged, never stops the run" {
	check_table -- \
	    'a\xff b'				'a\xff b' \
	    ' \xfe  a\xff\\t\xff \x80\x80 '	'\xfe a\xff \xff \x80\x80' \
	    'a\xe3\x80 b'			'a\xe3\x80 b' \
	    'a\xe3\x80  b\xe3\x80'		'a\xe3\x80 b\xe3\x80' \
	    '\xe3\x80 '				'\xe3\x80' \
	    'a\xc2 b\xc2'			'a\xc2 b\xc2' \
	    'a\xc0\xa0b'			'a\xc0\xa0b' \
	    'a\xe3\xe3\x80\x80b'		'a\xe3 b' \
	    'a\xe2\x80\xe2\x80\xa8b'		'a\xe2\x80 b' \
	    '\xed\xa0\x80 \xf0\x9f\x98'		'\xed\xa0\x80 \xf0\x9f\x98' \
	    'c  d'				'c d'
}

# --- -f N, -a ------------------------------------------------------------------

@test "sha256text: -f 2 or -f 1: that field hashed, the others copied byte for byte" {
	printf 'a\t  b  c \tz\xff\\q\\\\\\t\000\tend\n' > in
	printf '1\t\t3\n' >> in
	printf '1\tb\\\t3\n' >> in
	sha256text -f 2 in > out
	assert_bytes out "a\t$(sha 'b c')\tz\xff\\\\q\\\\\\\\\\\\t\000\tend\n1\t$EMPTY\t3\n1\t$(sha 'b\\')\t3\n"
	# -f 1; a record without TAB is all field 1
	printf 'a b\tx\xfe\ty\n one  line \n' > in
	sha256text -f 1 in > out
	assert_bytes out "$(sha 'a b')\tx\xfe\ty\n$(sha 'one line')\n"
}

@test "sha256text: -f -2 counts from the end; -f -1, --field=3 and the default are the last" {
	printf 'a\tb  c\td  e\n' > in
	run --separate-stderr sha256text -f -2 in
	assert_success
	assert_equal "$stderr" ""
	assert_output "a	$(sha 'b c')	d  e"
	last="a	b  c	$(sha 'd e')"
	for opt in -f-1 --field=3; do
		run --separate-stderr sha256text "$opt" in
		assert_success
		assert_output "$last"
	done
	run --separate-stderr sha256text in
	assert_success
	assert_output "$last"
}

@test "sha256text: -a inserts the digest just before the text, which is kept unchanged" {
	printf 'id\t  a \\t b\xff \nc  d\n' > in
	sha256text -a in > out
	assert_bytes out "id\t$(sha 'a b\xff')\t  a \\\\t b\xff \n$(sha 'c d')\tc  d\n"
	# --add -f 2: just before field 2
	printf 'a\tb  c\td\n' > in
	run --separate-stderr sha256text --add -f 2 in
	assert_success
	assert_equal "$stderr" ""
	assert_output "a	$(sha 'b c')	b  c	d"
}

# --- --raw, --nfkc, --casefold -------------------------------------------------

@test "sha256text: --raw hashes the unescaped field as it is" {
	# the field a  b\tc is the bytes 'a  b' TAB 'c'
	check_table --raw -- \
	    'a  b\\tc'				'a  b\tc' \
	    ' a\\\\b\\n\\r\xe3\x80\x80 \\q'	' a\\b\n\r\xe3\x80\x80 \\q' \
	    ''					'' \
	    '\xff\000 \xe3\x80 \\'		'\xff\000 \xe3\x80 \\' \
	    'ＡＢＣ Straße'			'ＡＢＣ Straße'
	assert_line --index 2 "3	$EMPTY"
}

@test "sha256text: --nfkc: compatibility forms (fullwidth ABC is ABC), then white space" {
	check_table --nfkc -- \
	    'ＡＢＣ'				'ABC' \
	    'ＡＢＣ\xe3\x80\x80ＤＥＦ ﬁ ①'	'ABC DEF fi 1' \
	    '  Ａ\\tＢ\\n\\\\tＣ  '		'A B \\tC' \
	    'Straße HELLO'			'Straße HELLO' \
	    'Ａ\xffＢ'				'A\xffB'
}

@test "sha256text: --casefold: Straße is strasse, HELLO is hello" {
	check_table --casefold -- \
	    'Straße'			'strasse' \
	    'HELLO'			'hello' \
	    'HELLO  ΣΑΣ\\t'		'hello σασ' \
	    'A\\\\TB'			'a\\tb' \
	    'A\xffB \xe3\x80 C'		'a\xffb \xe3\x80 c' \
	    'ＡＢＣ'			'ａｂｃ'
}

@test "sha256text: --nfkc --casefold together" {
	check_table --nfkc --casefold -- \
	    'ＳＴＲＡẞＥ\xe3\x80\x80Ⅻ'	'strasse xii' \
	    'ＨＥＬＬＯ ﬁ'		'hello fi'
}

# --- a record lacking the field ------------------------------------------------

@test "sha256text: --partitions P --prefix PREFIX: each record to the file of its digest's first 16 bits mod P" {
	printf 'a\tx\nb\ty\nc\tz  z\nd\tx\n' > in
	sha256text -a in > all
	run --separate-stderr sha256text -a --partitions 3 --prefix p in
	assert_success
	assert_output ''
	assert_equal "$(ls p.*)" "$(printf 'p.%s\n' 0 1 2)"
	# 2d71... is 11633, 2 mod 3; a1fc... 41468, 2; 79b6... 31158, 0
	assert_equal "$(cat p.0)" "c	79b652eeb47c9cc0fe585dfd83d09eb9065d2e0cfb5c19b0487aab4304d0b37f	z  z"
	assert_file_empty p.1
	assert_equal "$(cat p.2)" "$(grep -v '^c' all)"
	# every record once, in its partition, in input order
	for P in 1 2 7 64 1000; do
		sha256text --raw --partitions $P --prefix q.$P in
		cat q.$P.* | LC_ALL=C sort | cmp - <(sha256text --raw in | LC_ALL=C sort)
		for j in 0 $((P - 1)); do
			awk -F '\t' -v P=$P -v j=$j '{ h = 0; for (i = 1; i <= 4; i++)
			    h = h * 16 + index("0123456789abcdef", substr($2, i, 1)) - 1
			    if (h % P != j) { print "partition " j ": " $0; exit 1 } }' q.$P.$j
		done
	done
	assert_equal "$(ls q.1000.* | wc -l)" 1000
	# -H: the header in every file; -v counts the records written
	run --separate-stderr sha256text -H -v --partitions 2 --prefix h in
	assert_equal "$(head -1 h.0)" "a	sha256"
	assert_equal "$(head -1 h.1)" "a	sha256"
	assert_equal "$stderr" "sha256text: records: 3 read, 3 written, 0 rejected"
	run --separate-stderr sha256text --partitions 2 --prefix nodir/p in
	assert_failure 2
	assert_equal "$stderr" "sha256text: nodir/p.0: No such file or directory"
	run --separate-stderr sha256text --partitions 2 in
	assert_usage_error "--partitions and --prefix go together"
	run --separate-stderr sha256text --prefix p in
	assert_usage_error "--partitions and --prefix go together"
	run --separate-stderr sha256text --partitions 0 --prefix p in
	assert_usage_error "--partitions: '0' is not a number from 1 to 65536"
}

@test "sha256text: a record lacking the field is rejected, the others processed" {
	printf 'a\tb\tc\nd\te\nf\tg\th\n' > in
	run --separate-stderr bash -c 'sha256text -f 3 < in'
	assert_failure 1
	assert_equal "$stderr" "sha256text: -:2: no field 3: the record has 2"
	assert_output "a	b	$(sha c)
f	g	$(sha h)"
	# the file's name, the line, negative fields, an empty line
	printf 'a\tb\tc\n\nd\te\n' > f
	run --separate-stderr sha256text -f -3 f
	assert_failure 1
	assert_equal "$stderr" "sha256text: f:2: no field -3: the record has 1
sha256text: f:3: no field -3: the record has 2"
	assert_output "$(sha a)	b	c"
}

@test "sha256text: --rejects FILE gets the rejected records verbatim; -q keeps status 1" {
	printf 'a\tb\tc\n1\t\xff\\q \n2\n3\tx\ty\n' > in
	run --separate-stderr sha256text -f 3 --rejects rej in
	assert_failure 1
	assert_equal "$stderr" "sha256text: in:2: no field 3: the record has 2
sha256text: in:3: no field 3: the record has 1"
	assert_output "a	b	$(sha c)
3	x	$(sha y)"
	assert_bytes rej '1\t\xff\\q \n2\n'
	# -q: no message, the same status, the same rejects
	run --separate-stderr sha256text -q -f 3 --rejects rej2 in
	assert_failure 1
	assert_equal "$stderr" ""
	assert_equal "${#lines[@]}" 2
	assert_files_equal rej2 rej
	run --separate-stderr sha256text --quiet -f 3 in
	assert_failure 1
	assert_equal "$stderr" ""
	# the file is there, empty, when nothing is rejected
	run --separate-stderr sha256text --rejects rej3 in
	assert_success
	assert_file_exists rej3
	assert_file_empty rej3
}

# --- -H, -v ----------------------------------------------------------------------

@test "sha256text: -H: the header's column becomes sha256, inserted with -a; later files' headers dropped" {
	printf 'id\ttext\n1\ta  b\n' > in
	ab=$(sha 'a b')
	run --separate-stderr sha256text -H in
	assert_success
	assert_equal "$stderr" ""
	assert_output "id	sha256
1	$ab"
	run --separate-stderr sha256text --header -a in
	assert_success
	assert_output "id	sha256	text
1	$ab	a  b"
	printf 'id\ttext\tlang\n1\ta  b\tzh\n' > in3
	run --separate-stderr sha256text -H -f 2 in3
	assert_success
	assert_output "id	sha256	lang
1	$ab	zh"
	# two files: the second file's first line is dropped
	printf 'id\ttext\n2\ty\n' > in2
	run --separate-stderr sha256text -H in in2
	assert_success
	assert_equal "$stderr" ""
	assert_output "id	sha256
1	$ab
2	$(sha y)"
	# without -H the first line is a record
	run --separate-stderr sha256text in in2
	assert_success
	assert_output "id	$(sha text)
1	$ab
id	$(sha text)
2	$(sha y)"
}

@test "sha256text: -v prints the counts at the end" {
	printf 'a\tb\tc\nd\te\nf\tg\th\n' > in
	run --separate-stderr sha256text -v -f 3 in
	assert_failure 1
	assert_equal "$stderr" "sha256text: in:2: no field 3: the record has 2
sha256text: records: 3 read, 2 written, 1 rejected"
	assert_equal "${#lines[@]}" 2
	# the header is no record
	printf 'id\ttext\n1\tx\n2\ty\n' > h
	run --separate-stderr sha256text --verbose -H h
	assert_success
	assert_equal "$stderr" "sha256text: records: 2 read, 2 written, 0 rejected"
	# -q does not silence the summary
	run --separate-stderr sha256text -v -q -f 4 in
	assert_failure 1
	assert_equal "$stderr" "sha256text: records: 3 read, 0 written, 3 rejected"
}

# --- --help, --version, usage errors -------------------------------------------

@test "sha256text: --help and -h: usage on stdout, status 0; > /dev/full is an error" {
	run --separate-stderr sha256text --help
	assert_success
	assert_equal "$stderr" ""
	assert_line --index 0 --regexp '^Usage: sha256text '
	assert_output --partial '--nfkc'
	assert_output --partial '--max-record'
	usage=$output
	run --separate-stderr sha256text -h
	assert_success
	assert_equal "$stderr" ""
	assert_output "$usage"
	run --separate-stderr bash -c 'sha256text --help > /dev/full'
	assert_failure 2
	assert_equal "$stderr" "sha256text: write error: No space left on device"
}

@test "sha256text: --version: name and version, then the library versions" {
	run --separate-stderr sha256text --version
	assert_success
	assert_equal "$stderr" ""
	assert_line --index 0 'sha256text (crawlutils) 0.1.0'
	assert_line --index 1 --regexp '^OpenSSL [0-9]'
	assert_line --regexp '^ICU [0-9.]+ \(Unicode [0-9.]+\)$'
	run --separate-stderr bash -c 'sha256text --version > /dev/full'
	assert_failure 2
	assert_equal "$stderr" "sha256text: write error: No space left on device"
}

@test "sha256text: OpenSSL's configuration file is not read" {
	# DESIGN.md: a program reads only the files it is given.  This one
	# would leave no SHA-256 (it loads a missing provider instead of the
	# default one) if OpenSSL read it.
	printf 'openssl_conf = c\n[c]\nproviders = p\n[p]\nx = x\n[x]\nmodule = %s\nactivate = 1\n' \
	    "$BATS_TEST_TMPDIR/none.so" > bad.cnf
	printf 'a\t\n' > in
	OPENSSL_CONF=$PWD/bad.cnf run --separate-stderr sha256text in
	assert_success
	assert_equal "$stderr" ""
	assert_output "a	$EMPTY"
}

@test "sha256text: usage errors: unknown options, bad -f values, --raw with --nfkc" {
	run --separate-stderr sha256text --bogus
	assert_usage_error "unrecognized option '--bogus'"
	run --separate-stderr sha256text -x
	assert_usage_error "invalid option -- 'x'"
	# run by its path, getopt's messages still start with the name
	run --separate-stderr "$CRAWLUTILS_BIN/sha256text" --bogus
	assert_usage_error "unrecognized option '--bogus'"
	run --separate-stderr sha256text -f
	assert_usage_error "option requires an argument -- 'f'"
	for v in 0 x '' -0 2x +2 99999999999; do
		run --separate-stderr sha256text -f "$v" /dev/null
		assert_usage_error "-f: '$v' is not a field number (1 is the first, -1 the last)"
	done
	run --separate-stderr sha256text --raw --nfkc /dev/null
	assert_usage_error "--raw cannot be combined with --nfkc or --casefold"
	run --separate-stderr sha256text --casefold --raw /dev/null
	assert_usage_error "--raw cannot be combined with --nfkc or --casefold"
	# nothing is read, no rejects file is made
	printf 'a\n' > in
	run --separate-stderr sha256text --rejects rej -f 0 in
	assert_usage_error "-f: '0' is not a field number (1 is the first, -1 the last)"
	assert_file_not_exists rej
}
