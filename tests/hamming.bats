# hamming: bit distance between 64-bit fingerprints, as two operands,
# between two fields of each record, or against a query (-t) with a limit.
#
# Loading the bats libraries costs a fifth of a second a test, so related
# checks share a test, and tables of cases run in one child shell.
bats_require_minimum_version 1.5.0
load helper

PROG=hamming

Z=0000000000000000
F=ffffffffffffffff
ONE=0000000000000001
TOP=8000000000000000

# usage_table OPTION MESSAGE VALUE...: hamming OPTION VALUE, for each
# VALUE, is a usage error saying MESSAGE (a printf format for VALUE).
usage_table() {
	local opt=$1 msg=$2
	shift 2
	run bash -c 'opt=$1; shift
	    for v; do hamming "$opt" "$v" < /dev/null; echo "status $?"; done 2>&1' \
	    _ "$opt" "$@"
	# shellcheck disable=SC2059
	assert_output "$(printf "hamming: $msg
Try 'hamming --help' for more information.
status 2\n" "$@")"
}

# --- two operands ----------------------------------------------------------

@test "hamming: identical fingerprints are 0 bits apart, complements 64" {
	run hamming 9a0c55e17d3b2f40 9a0c55e17d3b2f40
	assert_success
	assert_output 0
	run hamming $Z $F
	assert_success
	assert_output 64
	hamming $Z $F > out
	assert_bytes out '64\n'
}

@test "hamming: operands: a table of known distances" {
	# FP1 FP2 DISTANCE: each run must print the third column
	cat > table <<-EOF
	8000000000000000 0000000000000000 1
	0000000000000000 8000000000000000 1
	0000000000000001 0000000000000000 1
	ffffffffffffffff 7fffffffffffffff 1
	ffffffffffffffff fffffffffffffffe 1
	8000000000000001 0000000000000000 2
	8000000080000000 0000000000000000 2
	ffffffff00000000 0000000000000000 32
	00000000ffffffff 0000000000000000 32
	5555555555555555 0000000000000000 32
	5555555555555555 aaaaaaaaaaaaaaaa 64
	f0f0f0f0f0f0f0f0 0f0f0f0f0f0f0f0f 64
	0123456789abcdef 0000000000000000 32
	0123456789abcdef fedcba9876543210 64
	9a0c55e17d3b2f40 9a0c55e17d3b6f41 2
	ABCDEF0123456789 abcdef0123456789 0
	aBcDeF0123456789 AbCdEf012345678A 2
	0x8000000000000000 0000000000000001 2
	0X00000000000000FF 0000000000000000 8
	0000000000000000 0x000000000000000F 4
	0xFFFFFFFFFFFFFFFF 0Xffffffffffffffff 0
	EOF
	run bash -c 'while read -r a b d; do
		out=$(hamming "$a" "$b" 2>&1)
		echo "$a $b $out status $?"
	done < table'
	assert_output "$(sed 's/$/ status 0/' table)"
}

@test "hamming: -- before the operands, or a non-fingerprint, makes them files" {
	run --separate-stderr hamming -- $Z $F
	assert_failure 2
	assert_output ''
	assert_equal "$stderr" "hamming: $Z: No such file or directory
hamming: $F: No such file or directory"
	# operands that are not both fingerprints are files
	run --separate-stderr hamming $Z 000000000000000
	assert_failure 2
	assert_output ''
	assert_equal "$stderr" "hamming: $Z: No such file or directory
hamming: 000000000000000: No such file or directory"
	run --separate-stderr hamming $Z
	assert_failure 2
	assert_output ''
	assert_equal "$stderr" "hamming: $Z: No such file or directory"
	# files named like fingerprints: read with --, operands without
	printf 'a\t%s\t%s\n' $Z $ONE > $Z
	printf 'b\t%s\t%s\n' $F $F > $F
	run hamming -- $Z $F
	assert_success
	assert_output "a	$Z	$ONE	1
b	$F	$F	0"
	run hamming $Z $F
	assert_success
	assert_output 64
	# -- as the argument of an option is no end of options
	run hamming --rejects -- $Z $F
	assert_success
	assert_output 64
}

@test "hamming: operands with -t, -f, -k or -H are a usage error" {
	run bash -c 'for opts; do
		hamming $opts '$Z' '$F' < /dev/null; echo "status $?"
	done 2>&1' _ "-t $Z" "-f 1,2" "-k 3" "-H" "--to=$Z" "--max-distance=64" \
	    "--header" "-q -k 0"
	want="hamming: FP1 FP2 takes no -t, -f, -k or -H
Try 'hamming --help' for more information.
status 2"
	assert_output "$(for i in {1..8}; do echo "$want"; done)"
	# the common options are fine
	run hamming -q $Z $ONE
	assert_success
	assert_output 1
}

# --- filter mode -----------------------------------------------------------

@test "hamming: filter: the distance of the last two fields is appended" {
	printf 'a\t%s\t%s\nb\t%s\t%s\nc\t%s\t%s\n' \
	    $Z $F  $Z $ONE  9a0c55e17d3b2f40 9A0C55E17D3B6F41 > in
	want="a	$Z	$F	64
b	$Z	$ONE	1
c	9a0c55e17d3b2f40	9A0C55E17D3B6F41	2"
	run hamming in
	assert_success
	assert_output "$want"
	# no file: stdin
	run hamming < in
	assert_success
	assert_output "$want"
}

@test "hamming: filter: -f A,B chooses the fields, negative from the end" {
	printf 'a\t%s\t%s\t%s\n' $Z $ONE $F > in
	run hamming -f 2,3 in
	assert_success
	assert_output "a	$Z	$ONE	$F	1"
	run hamming --field=2,4 in
	assert_success
	assert_output "a	$Z	$ONE	$F	64"
	run hamming --field 3,-1 in
	assert_success
	assert_output "a	$Z	$ONE	$F	63"
	printf '%s\tx\ty\t%s\n' $ONE $TOP > in2
	run hamming -f 1,-1 in2
	assert_success
	assert_output "$ONE	x	y	$TOP	2"
	run hamming -f -4,-1 in2
	assert_success
	assert_output "$ONE	x	y	$TOP	2"
}

@test "hamming: filter: -k K keeps the records within K bits, status 0" {
	printf 'd0\t%s\t%s\nd1\t%s\t%s\nd2\t%s\t%s\nd3\t%s\t%s\nd64\t%s\t%s\n' \
	    $Z $Z  $Z $ONE  $Z 0000000000000003  $Z 0000000000000007  $Z $F > in
	run hamming -k 2 in
	assert_success
	assert_output "d0	$Z	$Z	0
d1	$Z	$ONE	1
d2	$Z	0000000000000003	2"
	run hamming -k 0 in
	assert_success
	assert_output "d0	$Z	$Z	0"
	run hamming --max-distance=63 in
	assert_success
	assert_equal "${#lines[@]}" 4
	refute_line --partial d64
	run hamming -k 64 in
	assert_success
	assert_equal "${#lines[@]}" 5
	assert_line --index 4 "d64	$Z	$F	64"
	# a malformed record is still a reject
	printf 'a\t%s\t%s\nb\t%s\tnope\nc\t%s\t%s\n' $Z $F $Z $Z $ONE > in2
	run --separate-stderr hamming -k 1 in2
	assert_failure 1
	assert_output "c	$Z	$ONE	1"
	assert_equal "$stderr" \
	    "hamming: in2:2: field -1: 'nope' is not a fingerprint (16 hex digits)"
}

@test "hamming: -f that is not two field numbers (without -t) is a usage error" {
	usage_table -f "-f: '%s' is not two field numbers A,B (1 is the first, -1 the last)" \
	    2 -1 0,1 1,0 1,2,3 a,b 1, ,2 '' 1,+2 '1, 2' 1,2x
}

@test "hamming: -k outside 0..64 or not a number is a usage error naming -k" {
	usage_table -k "-k: '%s' is not a number from 0 to 64" \
	    65 -1 abc '' 1.5 3x 99999999999999999999
	run --separate-stderr hamming --max-distance=100 < /dev/null
	assert_usage_error "-k: '100' is not a number from 0 to 64"
	run --separate-stderr hamming -t $Z -k 65 < /dev/null
	assert_usage_error "-k: '65' is not a number from 0 to 64"
}

# --- -t: distance to a query -----------------------------------------------

@test "hamming: -t keeps the records within 3 bits of FP by default, or -k K" {
	for x in 0000000000000000 0000000000000001 0000000000000003 \
	    0000000000000007 000000000000000f 8000000000000000 ffffffffffffffff; do
		printf 'id-%s\t%s\n' "$x" "$x"
	done > in
	run hamming -t $Z in
	assert_success
	assert_output "id-$Z	$Z	0
id-$ONE	$ONE	1
id-0000000000000003	0000000000000003	2
id-0000000000000007	0000000000000007	3
id-$TOP	$TOP	1"
	# -k changes the limit
	printf 'a\t%s\nb\t%s\nc\t%s\n' $Z 0x000000000000000F $F > in
	run hamming -t $Z -k 64 in
	assert_success
	assert_output "a	$Z	0
b	0x000000000000000F	4
c	$F	64"
	run hamming -k 0 --to=$Z in
	assert_success
	assert_output "a	$Z	0"
	run hamming -t $F -k 4 in
	assert_success
	assert_output "c	$F	0"
	# FP with 0x and either case
	printf 'a\t%s\n' 9a0c55e17d3b6f41 > in2
	run bash -c 'for t; do hamming -t "$t" in2; echo "status $?"; done 2>&1' \
	    _ 0x9a0c55e17d3b2f40 0X9A0C55E17D3B2F40 9A0c55E17d3b2F40
	assert_output "$(for i in 1 2 3; do printf 'a\t9a0c55e17d3b6f41\t2\nstatus 0\n'; done)"
}

@test "hamming: -t with -f N compares field N" {
	printf 'a\t%s\t%s\tend\n' $ONE $F > in
	run hamming -t $Z -f 2 in
	assert_success
	assert_output "a	$ONE	$F	end	1"
	run hamming -t $Z --field=-2 -k 64 in
	assert_success
	assert_output "a	$ONE	$F	end	64"
	# the order of -f and -t does not matter
	run hamming -f 2 -t $Z in
	assert_success
	assert_output "a	$ONE	$F	end	1"
}

@test "hamming: -t with an invalid fingerprint, or with -f A,B, is a usage error" {
	usage_table -t "-t: '%s' is not a fingerprint (16 hex digits, optional 0x)" \
	    '' 0x zz 000000000000000 00000000000000000 000000000000000g \
	    "0x$Z$Z" " $Z" "$Z " 0x0x00000000000000 "x$Z"
	run --separate-stderr hamming -t $Z -f 1,2 < /dev/null
	assert_usage_error "-f: '1,2' is not a field number (with -t, one field: 1 is the first, -1 the last)"
	run --separate-stderr hamming -f 0 -t $Z < /dev/null
	assert_usage_error "-f: '0' is not a field number (with -t, one field: 1 is the first, -1 the last)"
}

# --- rejected records ------------------------------------------------------

@test "hamming: malformed fingerprints reject their record, the others go on" {
	{
		printf 'ok1\t%s\t%s\n' $Z $ONE
		printf 'short\t%s\t000000000000000\n' $Z
		printf 'long\t%s\t00000000000000000\n' $Z
		printf 'nonhex\t%s\t000000000000000g\n' $Z
		printf 'empty\t%s\t\n' $Z
		printf 'prefix\t%s\t0x\n' $Z
		printf 'prefix15\t%s\t0x000000000000000\n' $Z
		printf 'twice\t%s\t0x0x00000000000000\n' $Z
		printf 'lead\t%s\t %s\n' $Z $Z
		printf 'trail\t%s\t%s \n' $Z $Z
		printf 'sign\t%s\t-000000000000001\n' $Z
		printf 'word\t%s\tfingerprint\n' $Z
		printf '\n'
		printf 'ok2\t%s\t%s\n' $F $Z
	} > in
	run --separate-stderr hamming in
	assert_failure 1
	assert_output "ok1	$Z	$ONE	1
ok2	$F	$Z	64"
	assert_equal "$stderr" \
"hamming: in:2: field -1: '000000000000000' is not a fingerprint (16 hex digits)
hamming: in:3: field -1: '00000000000000000' is not a fingerprint (16 hex digits)
hamming: in:4: field -1: '000000000000000g' is not a fingerprint (16 hex digits)
hamming: in:5: field -1: '' is not a fingerprint (16 hex digits)
hamming: in:6: field -1: '0x' is not a fingerprint (16 hex digits)
hamming: in:7: field -1: '0x000000000000000' is not a fingerprint (16 hex digits)
hamming: in:8: field -1: '0x0x00000000000000' is not a fingerprint (16 hex digits)
hamming: in:9: field -1: ' $Z' is not a fingerprint (16 hex digits)
hamming: in:10: field -1: '$Z ' is not a fingerprint (16 hex digits)
hamming: in:11: field -1: '-000000000000001' is not a fingerprint (16 hex digits)
hamming: in:12: field -1: 'fingerprint' is not a fingerprint (16 hex digits)
hamming: in:13: no field -2: the record has 1"
}

@test "hamming: the message names the field as -f gave it" {
	printf 'a\tbad\t%s\n' $Z > in
	run --separate-stderr hamming in
	assert_failure 1
	assert_output ''
	assert_equal "$stderr" "hamming: in:1: field -2: 'bad' is not a fingerprint (16 hex digits)"
	run --separate-stderr hamming -f 2,3 in
	assert_failure 1
	assert_output ''
	assert_equal "$stderr" "hamming: in:1: field 2: 'bad' is not a fingerprint (16 hex digits)"
	run --separate-stderr hamming -f 3,-2 in
	assert_failure 1
	assert_equal "$stderr" "hamming: in:1: field -2: 'bad' is not a fingerprint (16 hex digits)"
	run --separate-stderr hamming -t $Z -f 1 in
	assert_failure 1
	assert_output ''
	assert_equal "$stderr" "hamming: in:1: field 1: 'a' is not a fingerprint (16 hex digits)"
}

@test "hamming: the value in the message: other bytes as \\xNN, cut after 40 with ..." {
	forty=0123456789abcdef0123456789abcdef01234567
	{
		printf 'a\t%s\t0000000\000%s\n' $Z 00000000	# a NUL: 16 bytes
		printf 'b\t%s\t\001\377\\z\n' $Z
		printf 'c\t%s\t000000000000000\303\251\n' $Z
		printf 'd\t%s\t%s\n' $Z $forty
		printf 'e\t%s\t%s8\n' $Z $forty
		printf 'f\t%s\t%s\n' $Z "$(printf 'x%.0s' {1..100})"
		printf 'g\t%s\t' $Z; printf '\001%.0s' {1..45}; echo
	} > in
	run --separate-stderr hamming in
	assert_failure 1
	assert_output ''
	ctl=$(for i in {1..40}; do printf '\\x01'; done)
	assert_equal "$stderr" \
"hamming: in:1: field -1: '0000000\\x0000000000' is not a fingerprint (16 hex digits)
hamming: in:2: field -1: '\\x01\\xff\\x5cz' is not a fingerprint (16 hex digits)
hamming: in:3: field -1: '000000000000000\\xc3\\xa9' is not a fingerprint (16 hex digits)
hamming: in:4: field -1: '$forty' is not a fingerprint (16 hex digits)
hamming: in:5: field -1: '$forty...' is not a fingerprint (16 hex digits)
hamming: in:6: field -1: '$(printf 'x%.0s' {1..40})...' is not a fingerprint (16 hex digits)
hamming: in:7: field -1: '$ctl...' is not a fingerprint (16 hex digits)"
}

@test "hamming: a record lacking the field says how many it has" {
	printf '%s\n' $Z > one
	run --separate-stderr hamming one
	assert_failure 1
	assert_output ''
	assert_equal "$stderr" "hamming: one:1: no field -2: the record has 1"
	printf 'a\t%s\n' $Z > two
	run --separate-stderr hamming -f 2,3 two
	assert_failure 1
	assert_output ''
	assert_equal "$stderr" "hamming: two:1: no field 3: the record has 2"
	run --separate-stderr hamming -f -3,2 two
	assert_failure 1
	assert_equal "$stderr" "hamming: two:1: no field -3: the record has 2"
	run --separate-stderr hamming -t $Z -f 5 two
	assert_failure 1
	assert_output ''
	assert_equal "$stderr" "hamming: two:1: no field 5: the record has 2"
}

@test "hamming: --rejects gets the rejected records verbatim, in order" {
	{
		printf 'a\t%s\t%s\n' $Z $ONE
		printf 'b\xff\0\\t\t%s\tnot-hex!\n' $Z
		printf 'c\t%s\n' $Z
		printf '%s\n' $Z
		printf 'e\t%s\t%s\n' $Z $Z
	} > in
	run --separate-stderr hamming -f 2,3 --rejects rej in
	assert_failure 1
	assert_output "a	$Z	$ONE	1
e	$Z	$Z	0"
	assert_equal "$stderr" \
"hamming: in:2: field 3: 'not-hex!' is not a fingerprint (16 hex digits)
hamming: in:3: no field 3: the record has 2
hamming: in:4: no field 2: the record has 1"
	assert_bytes rej 'b\xff\0\\t\t%s\tnot-hex!\nc\t%s\n%s\n' $Z $Z $Z
}

@test "hamming: --rejects is emptied when nothing is rejected; -k drops are no rejects" {
	printf 'a\t%s\t%s\nb\t%s\t%s\n' $Z $ONE $Z $F > in
	echo old > rej
	run --separate-stderr hamming -k 3 -v --rejects rej in
	assert_success
	assert_output "a	$Z	$ONE	1"
	assert_equal "$stderr" "hamming: records: 2 read, 1 written, 0 rejected"
	assert_file_exists rej
	assert_file_empty rej
}

@test "hamming: -q silences the record messages, not the status or a missing file" {
	printf 'a\t%s\tx\nb\t%s\t%s\n' $Z $Z $ONE > in
	run --separate-stderr hamming -q --rejects rej in
	assert_failure 1
	assert_output "b	$Z	$ONE	1"
	assert_equal "$stderr" ""
	assert_bytes rej 'a\t%s\tx\n' $Z
	run --separate-stderr hamming --quiet in missing
	assert_failure 2
	assert_output "b	$Z	$ONE	1"
	assert_equal "$stderr" "hamming: missing: No such file or directory"
}

@test "hamming: -v prints a summary line at the end" {
	printf 'a\t%s\t%s\nb\tx\t%s\nc\t%s\t%s\nd\t%s\t%s\n' \
	    $Z $Z $Z $Z $F $Z $ONE > in
	run --separate-stderr hamming -v -k 1 in
	assert_failure 1
	assert_output "a	$Z	$Z	0
d	$Z	$ONE	1"
	assert_equal "$stderr" \
"hamming: in:2: field -2: 'x' is not a fingerprint (16 hex digits)
hamming: records: 4 read, 2 written, 1 rejected"
	run --separate-stderr hamming --verbose -q in
	assert_failure 1
	assert_equal "$stderr" "hamming: records: 4 read, 3 written, 1 rejected"
}

# --- header ----------------------------------------------------------------

@test "hamming: -H appends distance to the header, drops later headers" {
	printf 'id\tfp1\tfp2\nx\t%s\t%s\n' $Z $ONE > f1
	printf 'id\tfp1\tfp2\ny\t%s\t%s\n' $Z $F > f2
	run hamming -H f1 f2
	assert_success
	assert_output "id	fp1	fp2	distance
x	$Z	$ONE	1
y	$Z	$F	64"
	run --separate-stderr hamming --header -k 1 -v f1 f2
	assert_success
	assert_output "id	fp1	fp2	distance
x	$Z	$ONE	1"
	assert_equal "$stderr" "hamming: records: 2 read, 1 written, 0 rejected"
	run hamming -H -t $Z f2 f1
	assert_success
	assert_output "id	fp1	fp2	distance
x	$Z	$ONE	1"
	# a first file that cannot be opened has no header to give
	run --separate-stderr hamming -H missing f1
	assert_failure 2
	assert_output "id	fp1	fp2	distance
x	$Z	$ONE	1"
	assert_equal "$stderr" "hamming: missing: No such file or directory"
}

@test "hamming: -H: line numbers count the header; without -H it is a record" {
	printf 'id\tfp1\tfp2\nx\t%s\tbad\n' $Z > f1
	printf 'id\tfp1\tfp2\ny\t%s\t%s\nz\t%s\t\n' $Z $Z $Z > f2
	run --separate-stderr hamming -H f1 f2
	assert_failure 1
	assert_output "id	fp1	fp2	distance
y	$Z	$Z	0"
	assert_equal "$stderr" \
"hamming: f1:2: field -1: 'bad' is not a fingerprint (16 hex digits)
hamming: f2:3: field -1: '' is not a fingerprint (16 hex digits)"
	run --separate-stderr hamming f2
	assert_failure 1
	assert_output "y	$Z	$Z	0"
	assert_equal "$stderr" \
"hamming: f2:1: field -2: 'fp1' is not a fingerprint (16 hex digits)
hamming: f2:3: field -1: '' is not a fingerprint (16 hex digits)"
}

# --- inputs ----------------------------------------------------------------

@test "hamming: files are read in order, - is stdin, a missing one is status 2" {
	printf 'f1\t%s\t%s\nf1\t%s\tx\n' $Z $ONE $Z > f1
	printf 'f2\t%s\t%s\n' $Z $F > f2
	run --separate-stderr bash -c \
	    "printf 'in\t%s\t%s\nin\t%s\ty\n' $Z $TOP $Z | hamming f2 - f1 f2"
	assert_failure 1
	assert_output "f2	$Z	$F	64
in	$Z	$TOP	1
f1	$Z	$ONE	1
f2	$Z	$F	64"
	assert_equal "$stderr" \
"hamming: -:2: field -1: 'y' is not a fingerprint (16 hex digits)
hamming: f1:2: field -1: 'x' is not a fingerprint (16 hex digits)"
	# a missing file is reported, the others read, status 2
	printf 'f3\t%s\tbad\n' $Z > f3
	run --separate-stderr hamming f2 missing f3 f2
	assert_failure 2
	assert_output "f2	$Z	$F	64
f2	$Z	$F	64"
	assert_equal "$stderr" "hamming: missing: No such file or directory
hamming: f3:1: field -1: 'bad' is not a fingerprint (16 hex digits)"
}

# --- bytes -----------------------------------------------------------------

@test "hamming: other fields are copied byte for byte; CR LF and no final LF" {
	printf 'caf\xe9\xff\0\t\\t\\\\\\n\\q\t%s\t%s\n' $Z $TOP > in
	hamming in > out
	assert_bytes out 'caf\xe9\xff\0\t\\t\\\\\\n\\q\t%s\t%s\t1\n' $Z $TOP
	printf 'a\t%s\t%s\r\nb\t%s\t%s' $Z $ONE $Z $F > in2
	hamming in2 > out2
	assert_bytes out2 'a\t%s\t%s\t1\nb\t%s\t%s\t64\n' $Z $ONE $Z $F
	# no line length limit
	{ head -c 2000000 /dev/zero | tr '\0' a; printf '\t%s\t%s\n' $Z $F; } > in3
	hamming in3 > out3
	{ head -c 2000000 /dev/zero | tr '\0' a; printf '\t%s\t%s\t64\n' $Z $F; } > want3
	assert_files_equal out3 want3
}

@test "hamming: --max-record rejects longer records whole" {
	long=$(printf 'b%.0s' {1..50})
	printf 'a\t%s\t%s\n%s\t%s\t%s\n' $Z $ONE "$long" $Z $Z > in
	run --separate-stderr hamming --max-record 40 --rejects rej in
	assert_failure 1
	assert_output "a	$Z	$ONE	1"
	assert_equal "$stderr" "hamming: in:2: record longer than 40 bytes (--max-record)"
	assert_bytes rej '%s\t%s\t%s\n' "$long" $Z $Z
}

# --- cross-check -----------------------------------------------------------

# xorshift32: the next pseudo-random 32-bit number in $seed
next32() {
	seed=$(( (seed ^ (seed << 13)) & 0xffffffff ))
	seed=$(( seed ^ (seed >> 17) ))
	seed=$(( (seed ^ (seed << 5)) & 0xffffffff ))
}

# the number of 1 bits of the non-negative $1, in $n
popcount() {
	local v=$1
	n=0
	while (( v )); do
		v=$(( v & (v - 1) ))
		n=$(( n + 1 ))
	done
}

# 400 pairs of fingerprints in "pairs" ("pI TAB A TAB B") and the expected
# output in "want" (plus TAB and the distance, worked out here in 32-bit
# halves so the sign bit never matters), the first A in "target" and the
# distance of each B to it in "want-to".  Pairs are random, a few bits
# apart, nearly complementary, one bit apart (every position), or equal,
# and written in both cases, with and without 0x.
gen_pairs() {
	local i k nand ah al bh bl th tl m1 m2 a b d n seed=2463534242
	: > pairs
	: > want
	: > want-to
	for (( i = 0; i < 400; i++ )); do
		next32; ah=$seed; next32; al=$seed
		case $(( i % 6 )) in
		0)	next32; bh=$seed; next32; bl=$seed ;;
		1|2|3)
			# AND of 4, 2 or 3 random words: about 4, 16 or 8
			# bits a half (kind 1 is then complemented)
			nand=$(( i % 6 == 1 ? 4 : i % 6 ))
			m1=0xffffffff m2=0xffffffff
			for (( k = 0; k < nand; k++ )); do
				next32; m1=$(( m1 & seed ))
				next32; m2=$(( m2 & seed ))
			done
			bh=$(( ah ^ m1 )) bl=$(( al ^ m2 ))
			if (( i % 6 == 1 )); then
				bh=$(( bh ^ 0xffffffff )) bl=$(( bl ^ 0xffffffff ))
			fi ;;
		4)	bh=$ah bl=$al
			if (( i / 6 % 64 >= 32 )); then
				bh=$(( bh ^ (1 << (i / 6 % 64 - 32)) ))
			else
				bl=$(( bl ^ (1 << (i / 6 % 64)) ))
			fi ;;
		5)	bh=$ah bl=$al ;;
		esac
		if (( i == 0 )); then
			th=$ah tl=$al
		fi
		popcount $(( ah ^ bh )); d=$n
		popcount $(( al ^ bl )); d=$(( d + n ))
		printf -v a '%08x%08x' "$ah" "$al"
		printf -v b '%08x%08x' "$bh" "$bl"
		(( i % 3 != 1 )) || b=${b^^}
		(( i % 7 != 2 )) || a=0x$a
		(( i % 11 != 5 )) || b=0X$b
		printf 'p%d\t%s\t%s\n' "$i" "$a" "$b" >> pairs
		printf 'p%d\t%s\t%s\t%d\n' "$i" "$a" "$b" "$d" >> want
		popcount $(( th ^ bh )); d=$n
		popcount $(( tl ^ bl )); d=$(( d + n ))
		printf 'p%d\t%s\t%s\t%d\n' "$i" "$a" "$b" "$d" >> want-to
	done
	printf '%08x%08x\n' "$th" "$tl" > target
}

# gen_pairs in a child shell: bats traps every command of the test's own
# shell, which makes the loop a hundred times slower.
make_pairs() {
	bash -c "set -eu; $(declare -f next32 popcount gen_pairs); gen_pairs"
	target=$(cat target)
}

@test "hamming: 400 pseudo-random pairs agree with popcount in bash, in every mode" {
	make_pairs
	# the pairs cover the range: 0, 1, about 32 and near 64
	run bash -c "cut -f4 want | LC_ALL=C sort -un | wc -l"
	(( output > 30 ))
	grep -q '	0$' want
	grep -q '	1$' want
	grep -q '	6[0-4]$' want
	run hamming pairs
	assert_success
	printf '%s\n' "$output" > out
	run diff want out
	assert_success
	# -k against a filter on the expected distances
	hamming -k 10 pairs > out
	awk -F'\t' '$4 <= 10' want > want-k
	(( $(wc -l < want-k) > 100 ))
	run diff want-k out
	assert_success
	# -t: each B against the first A
	hamming -t "$target" -k 64 pairs > out
	run diff want-to out
	assert_success
	hamming -t "$target" -k 28 pairs > out
	awk -F'\t' '$4 <= 28' want-to > want-k
	(( $(wc -l < want-k) > 50 ))
	run diff want-k out
	assert_success
	# as operands
	head -n 24 want > want-op
	run bash -c 'while IFS="	" read -r id a b d; do
		printf "%s\t%s\t%s\t%s\n" "$id" "$a" "$b" "$(hamming "$a" "$b" 2>&1)"
	done < want-op'
	assert_output "$(cat want-op)"
}

# --- help, version, errors -------------------------------------------------

@test "hamming: --help, -h and --version print on stdout, status 0" {
	run --separate-stderr hamming --help
	assert_success
	assert_line --index 0 "Usage: hamming [options] FP1 FP2"
	assert_line "  -t, --to FP          compare each record with FP; implies -k 3"
	assert_equal "$stderr" ""
	help=$output
	run --separate-stderr hamming -h
	assert_success
	assert_output "$help"
	run --separate-stderr hamming --version
	assert_success
	assert_line --index 0 "hamming (crawlutils) 0.1.0"
	assert_equal "$stderr" ""
}

@test "hamming: an unknown option or a missing argument is a usage error" {
	run --separate-stderr hamming -x < /dev/null
	assert_failure 2
	assert_output ''
	assert_equal "$stderr" "hamming: invalid option -- 'x'
Try 'hamming --help' for more information."
	run --separate-stderr hamming -k
	assert_failure 2
	assert_output ''
	assert_equal "$stderr" "hamming: option requires an argument -- 'k'
Try 'hamming --help' for more information."
}

@test "hamming: a write error is fatal: status 2 and a message" {
	printf 'a\t%s\t%s\n' $Z $ONE > in
	run --separate-stderr bash -c 'hamming in > /dev/full'
	assert_failure 2
	assert_equal "$stderr" "hamming: write error: No space left on device"
	run --separate-stderr bash -c "hamming $Z $F > /dev/full"
	assert_failure 2
	assert_equal "$stderr" "hamming: write error: No space left on device"
	run --separate-stderr bash -c 'hamming --help > /dev/full'
	assert_failure 2
	assert_equal "$stderr" "hamming: write error: No space left on device"
}

@test "hamming: a closed pipe ends it quietly with SIGPIPE" {
	awk -v z=$Z -v f=$F 'BEGIN { for (i = 0; i < 30000; i++)
	    printf "r%d\t%s\t%s\n", i, z, f }' > in
	run --separate-stderr bash -c \
	    'hamming in | head -n 1; echo "status ${PIPESTATUS[0]}"'
	assert_output "r0	$Z	$F	64
status 141"
	assert_equal "$stderr" ""
}
