# nearpairs: every pair within k bits, exact against a brute-force
# reference (build/bench/nearbrute) on generated inputs (build/bench/npgen),
# for every table design, the map/reduce path and --against.
#
# Loading the bats libraries costs a fifth of a second a test, so related
# checks share a test, and tables of cases run in one child shell.
bats_require_minimum_version 1.5.0
load helper

PROG=nearpairs
export TOOLS="$CRAWLUTILS_BIN/../bench"

A=0123456789abcdef
Z=0000000000000000

# fp HEX BITS...: HEX with the given bit positions (0 = lowest) flipped
fp() {
	local v=$((16#${1#0x})) b
	shift
	for b; do v=$(( v ^ (1 << b) )); done
	printf '%016x' "$v"
}

# compare MODE N SEED P K OPTS...: nearpairs OPTS against nearbrute on
# npgen's MODE input; prints a line for each difference.  The nearbrute
# options follow "--" among OPTS: nearpairs' first, then the reference's.
compare() {
	bash -c '
	tools=$1 mode=$2 n=$3 seed=$4 p=$5 k=$6; shift 6
	ours=() ; ref=()
	while [ $# -gt 0 ] && [ "$1" != -- ]; do ours+=("$1"); shift; done
	[ $# -gt 0 ] && shift
	ref=("$@")
	"$tools/npgen" "$mode" "$n" "$seed" "$p" > in.tsv
	"$tools/nearbrute" -k "$k" "${ref[@]}" < in.tsv > want
	nearpairs -k "$k" "${ours[@]}" in.tsv > got || echo "status $? for $mode k=$k ${ours[*]}"
	cmp -s want got || echo "differs: $mode n=$n p=$p k=$k ${ours[*]}: $(diff want got | head -3)"
	case $mode in random|cluster) ;; *)
		[ -s want ] || [ "$k" = 0 ] || echo "no pairs: $mode k=$k" ;;
	esac
	' _ "$TOOLS" "$@"
}

# --- pairs -------------------------------------------------------------------

@test "nearpairs: pairs within 3 bits, each once, the earlier record first" {
	{
		printf 'a\t%s\n' $A
		printf 'b\t%s\n' "$(fp $A 0 1 2)"	# 3 from a
		printf 'c\t%s\n' "$(fp $A 0 1 2 3)"	# 4 from a, 1 from b
		printf 'd\t%s\n' ffffffffffffffff
		printf 'a\t%s\n' $A			# a repeated ID
		printf 'e\t0x%s\n' "$(fp $A 63 | tr a-f A-F)"
	} > in
	run --separate-stderr nearpairs in
	assert_success
	want="a	b	3
a	a	0
a	e	1
b	c	1
b	a	3
a	e	1"
	assert_output "$want"
	assert_equal "$stderr" ""
	# -k changes the limit; -k 0 keeps identical fingerprints only
	run nearpairs -k 0 in
	assert_output "a	a	0"
	run nearpairs --max-distance=1 in
	assert_output "a	a	0
a	e	1
b	c	1
a	e	1"
	# stdin, the same output again, byte for byte
	nearpairs < in > out1
	nearpairs in > out2
	assert_files_equal out1 out2
	assert_bytes out1 '%s\n' "$want"
}

@test "nearpairs: -i and -f choose the fields; other fields are ignored" {
	printf 'x\ta\t%s\tmore\ny\tb\t%s\tmore\n' $A "$(fp $A 5)" > in
	run nearpairs -i 2 -f 3 in
	assert_success
	assert_output "a	b	1"
	run nearpairs --id-field=3 --field=3 in
	assert_output "$A	$(fp $A 5)	1"
	run nearpairs --id-field=-4 --field=-2 in
	assert_output "x	y	1"
	run nearpairs -i 1 -f -2 in
	assert_output "x	y	1"
	# the ID is copied byte for byte
	printf 'caf\xe9\\t\001\000\t%s\nb\t%s\n' $A $A > in2
	nearpairs in2 > out
	assert_bytes out 'caf\xe9\\t\001\000\tb\t0\n'
	# --max-record rejects a long record whole
	{ printf 'a%.0s' {1..200}; printf '\t%s\nb\t%s\nc\t%s\n' $A $A $A; } > in3
	run --separate-stderr nearpairs --max-record 100 --rejects rej in3
	assert_failure 1
	assert_output "b	c	0"
	assert_equal "$stderr" "nearpairs: in3:1: record longer than 100 bytes (--max-record)"
	assert_equal "$(wc -c < rej)" 218
}

@test "nearpairs: the zero fingerprint pairs only with --keep-empty" {
	printf 'a\t%s\nb\t%s\nc\t0000000000000001\nd\t%s\n' $Z $Z $A > in
	run nearpairs in
	assert_success
	assert_output ''
	run nearpairs --keep-empty in
	assert_output "a	b	0
a	c	1
b	c	1"
}

@test "nearpairs: several fingerprints a field: one index each, the smallest distance" {
	B1=$(fp $A 1 2 3 4 5)		# 5 from A
	C=fedcba9876543210
	{
		printf 'a\t%s,%s\n' $A $C
		printf 'b\t%s,%s\n' "$B1" "$(fp $C 7)"	# near in the second only
		printf 'c\t%s,%s\n' "$(fp $A 9)" "$(fp $C 7 8)"	# near a (1, 2) and b (6, 1)
		printf 'd\t%s,%s\n' $Z $C		# empty first: second only
	} > in
	run nearpairs in
	assert_success
	assert_output "a	b	1
a	c	1
a	d	0
b	c	1
b	d	1
c	d	2"
	# a field with another count of fingerprints is rejected
	printf 'e\t%s\n' $A >> in
	run --separate-stderr nearpairs -k 0 in
	assert_failure 1
	assert_output "a	d	0"
	assert_equal "$stderr" "nearpairs: in:5: field -1: 1 fingerprints, where the first record had 2"
}

@test "nearpairs: exact against brute force, k = 0 to 8, every kind of input" {
	run bash -c "$(declare -f compare); for k in 0 1 2 3 4 5 6 7 8; do
		compare mixed 700 \$k 1 \$k
		compare planted 700 \$((k + 30)) 1 \$k
		case \$k in 0|3|8)
			for mode in random cluster equal heavy; do
				compare \$mode 600 \$k 1 \$k
			done
		esac
	done"
	assert_success
	assert_output ''
}

@test "nearpairs: -k 4 searches 15 tables of 6 blocks by default (the route's k), with the pairs of 5" {
	# 270,000 records: runs of 263 a value of the 10-bit top block, so
	# the tables beginning with it are searched run by run; against the
	# 5 tables of one block, and the 7 positions of simhash -n 7
	run bash -c '
	for p in 1 7; do
		"$TOOLS/npgen" planted 270000 12 $p > in.tsv
		nearpairs -v -k 4 in.tsv 2> err > got || echo "status $? for $p"
		nearpairs -k 4 --tables 5 in.tsv > want || echo "status $? for $p"
		cmp -s want got || echo "differs: $p: $(diff want got | head -3)"
		[ "$(wc -l < want)" -gt 10000 ] || echo "few pairs: $p"
		head -n 1 err | cut -d";" -f1
	done'
	assert_success
	assert_output "nearpairs: 15 tables of 6 blocks
nearpairs: 15 tables of 6 blocks"
}

@test "nearpairs: -j N threads give the pairs, clusters and --against pairs of one" {
	# 300,000 records: over the 2^18 entries a span needs before its runs
	# and its sort are shared among threads (nearidx.c, PAR_MIN); mixed
	# has copies in big buckets, the groups that table 0's threads make
	# and number on; -j 1 is the one thread of before
	run bash -c '
	"$TOOLS/npgen" mixed 300000 13 > in.tsv
	"$TOOLS/npgen" planted 300000 14 > arc.tsv
	for args in "-k 4" "-k 5" "-k 3" "-k 4 --clusters" "-k 4 --components" \
	    "-k 4 --against arc.tsv --self"; do
		nearpairs -j 1 $args in.tsv > want || echo "status $? for $args"
		for j in 2 5; do
			nearpairs -j $j $args in.tsv > got ||
			    echo "status $? for -j $j $args"
			cmp -s want got || echo "differs: -j $j $args"
		done
		[ "$(wc -l < want)" -gt 10000 ] || echo "few lines: $args"
	done
	nearpairs -j 0 < /dev/null 2>&1; echo "status $?"'
	assert_success
	assert_output "nearpairs: -j: '0' is not a number from 1 to 64
Try 'nearpairs --help' for more information.
status 2"
}

@test "nearpairs: the IDs' offsets made 8 bytes part way (past 4 GB of IDs) give the same output" {
	# CRAWLUTILS_NEARRECS_WIDE_AT: the bytes of IDs at which the offsets
	# widen (nearrecs.c), 4 GB by default; here after some 1,000 records
	# of the input and of each part of the archive
	run bash -c '
	"$TOOLS/npgen" mixed 20000 15 > in.tsv
	"$TOOLS/npgen" planted 30000 16 > arc.tsv
	for args in "-k 4" "-k 3 -j 1" "-k 4 --clusters" "-k 4 --components" \
	    "-k 4 --against arc.tsv --self" "-k 3 --distinct-versions"; do
		nearpairs $args in.tsv > want || echo "status $? for $args"
		CRAWLUTILS_NEARRECS_WIDE_AT=8000 nearpairs $args in.tsv > got ||
		    echo "status $? for wide $args"
		cmp -s want got || echo "differs: $args"
		[ "$(wc -l < want)" -gt 1000 ] || echo "few lines: $args"
	done'
	assert_success
	assert_output ''
}

@test "nearpairs: -k 5's tables searched run by run of their top block give the pairs of one-block tables" {
	# 300,000 records (less the zero fingerprints of mixed): runs of some
	# 280 a value of the 10-bit top block, enough for the tables that
	# begin with it, table 0's among them, to be searched run by run
	# (nearidx.c, nearidx_search_tables, REFINE_MIN: 256; at 270,000
	# table 0 was not), each run's keys counted in one pass (search_run),
	# counted again after mixed's mirror group of 6,000 becomes a group;
	# -k 4 at 600,000 the same with an 11-bit top block; too many for
	# nearbrute, so against the tables of one block, sorted whole
	run bash -c '
	for c in "planted 300000 5 6" "mixed 300000 5 6" "mixed 600000 4 5"; do
		set -- $c
		"$TOOLS/npgen" $1 $2 11 > in.tsv
		nearpairs -k $3 --tables $4 in.tsv > want || echo "status $? for $c"
		for j in 1 2; do
			nearpairs -j $j -k $3 in.tsv > got ||
			    echo "status $? for $c -j $j"
			cmp -s want got ||
			    echo "differs: $c -j $j: $(diff want got | head -3)"
		done
		[ "$(wc -l < want)" -gt 10000 ] || echo "few pairs: $c"
	done'
	assert_success
	assert_output ''
}

@test "nearpairs: spans searched in place, in chains of blocks, give the pairs of the scratch copy" {
	# nearidx_search_chained chains the entries only from some 2.7M
	# fingerprints on (two threads); CRAWLUTILS_NEARIDX_CHAINS=1 chains
	# these too, =0 never; the default here takes the scratch copy.
	# mixed has table 0's groups, made by each thread and numbered on;
	# sparse runs too big to chain but when asked; two fingerprints a
	# record, and --against, search the entries again after a search
	run bash -c '
	"$TOOLS/npgen" planted 300000 19 > arc.tsv
	for c in "planted 600000 4" "planted 600000 5" "heavy 600000 5" \
	    "mixed 200000 4" "sparse 100000 4" "planted 300000 4 2" \
	    "planted 300000 4 1 --against arc.tsv --self" \
	    "mixed 200000 4 1 --clusters"; do
		set -- $c
		"$TOOLS/npgen" $1 $2 17 ${4:-1} > in.tsv
		k=$3
		shift $(( $# < 4 ? $# : 4 ))
		CRAWLUTILS_NEARIDX_CHAINS=0 nearpairs -k $k "$@" in.tsv > want ||
		    echo "status $? for $c"
		for j in 1 2; do
			for ch in 1 ""; do
				CRAWLUTILS_NEARIDX_CHAINS=$ch nearpairs -j $j -k $k \
				    "$@" in.tsv > got ||
				    echo "status $? for $c -j $j ($ch)"
				cmp -s want got || echo "differs: $c -j $j ($ch)"
			done
		done
		[ "$(wc -l < want)" -gt 10000 ] || echo "few lines: $c"
	done'
	assert_success
	assert_output ''
}

@test "nearpairs: exact for every table design offered (--tables)" {
	run bash -c "$(declare -f compare); for k in 0 1 3 6 8; do
		for t in \$(nearpairs -k \$k --tables 998 < /dev/null 2>&1 |
		    sed -n 's/.*choose //p' | tr -d , | sed 's/ or / /' | cut -d' ' -f1-3); do
			compare mixed 600 \$((k + 10)) 1 \$k --tables \$t
		done
		compare cluster 400 \$((k + 20)) 1 \$k --tables \$t
	done"
	assert_success
	assert_output ''
	# k = 0 has one design: a table of the whole fingerprint
	run --separate-stderr nearpairs -k 0 --tables 1 < /dev/null
	assert_success
}

@test "nearpairs: exact with several fingerprints a record, and with --keep-empty" {
	run bash -c "$(declare -f compare); for k in 0 2 3 5 8; do
		compare mixed 500 \$k 2 \$k
		compare mixed 400 \$k 3 \$k --keep-empty -- -e
		compare mixed 500 \$k 1 \$k --keep-empty -- -e
	done
	compare planted 500 4 2 3
	compare equal 300 4 3 3
	# the bucket loops without AVX-512 and without AVX2, where the CPU
	# has them
	CRAWLUTILS_NO_AVX512=1 compare mixed 700 5 1 3
	CRAWLUTILS_NO_AVX512=1 compare mixed 500 6 1 8 --against in.tsv -- -a in.tsv
	CRAWLUTILS_NO_AVX512=1 compare mixed 700 5 1 5 --against in.tsv -- -a in.tsv
	CRAWLUTILS_NO_AVX512=1 CRAWLUTILS_NO_AVX2=1 compare mixed 700 5 1 5"
	assert_success
	assert_output ''
}

@test "nearpairs: a 2% bucket and all-equal inputs give every pair, and only those" {
	run bash -c "$(declare -f compare)
		compare heavy 5000 3 1 3
		compare equal 300 3 1 3
		compare equal 300 3 1 0
		compare cluster 3000 5 1 3
		compare cluster 1500 5 1 8"
	assert_success
	assert_output ''
	"$TOOLS/npgen" equal 200 > in
	run nearpairs in
	assert_equal "${#lines[@]}" $((200 * 199 / 2))
}

@test "nearpairs: mirror copies in a big bucket and fingerprints of few bits: exact, k = 0 to 8" {
	# mixed at 12000 holds a group of some 250 copies of one fingerprint
	# with near copies among them: a bucket too big to compare pair by
	# pair, whose copies become one entry; sparse has 5 to 8 bits set
	run bash -c "$(declare -f compare); for k in 0 1 2 3 4 5 6 7 8; do
		compare sparse 1500 \$k 1 \$k
	done
	for k in 0 3 8; do
		compare mixed 12000 \$k 1 \$k
		compare sparse 3000 \$k 1 \$k --components -- -C
	done
	compare mixed 12000 3 1 3 --clusters -- -c
	compare mixed 12000 5 2 3 --keep-empty -- -e
	\"$TOOLS/npgen\" mixed 7000 50 > archive
	compare mixed 7000 3 1 3 --against archive --self -- -a archive -s
	compare equal 1000 1 1 3 --against in.tsv -- -a in.tsv
	CRAWLUTILS_NO_AVX512=1 compare mixed 12000 2 1 3
	CRAWLUTILS_NO_AVX512=1 CRAWLUTILS_NO_AVX2=1 compare mixed 12000 2 1 5"
	assert_success
	assert_output ''
	# the reduce step's buckets hold the copies too
	"$TOOLS/npgen" mixed 12000 4 > in
	nearpairs in > want
	nearpairs --emit-keys in | LC_ALL=C sort | nearpairs --from-keys |
	    LC_ALL=C sort -u | cut -f 3- > got
	assert_files_equal want got
}

@test "nearpairs: the fingerprint pairs compared grow with the records, not their square" {
	# before the copies were grouped, mixed compared 1e3 pairs a record
	# at 20000 records and 4e4 at 80000; -v prints the count
	for spec in "mixed 20000 60" "mixed 80000 60" "sparse 20000 200" \
	    "heavy 80000 10" "planted 80000 10"; do
		set -- $spec
		"$TOOLS/npgen" "$1" "$2" 9 > in
		run --separate-stderr nearpairs -v in
		assert_success
		compared=$(printf '%s\n' "$stderr" | sed -n 's/.*; \([0-9]*\) fingerprint pairs compared$/\1/p')
		[ -n "$compared" ] || fail "no count in: $stderr"
		[ "$compared" -le $(( $2 * $3 )) ] ||
		    fail "$1 $2: $compared pairs compared, over $3 a record"
	done
}

# --- clusters ----------------------------------------------------------------

@test "nearpairs: --clusters: the earliest leader within k, no chaining" {
	{
		printf 'a\t%s\n' $A
		printf 'b\t%s\n' "$(fp $A 0 1)"		# 2 from a: joins a
		printf 'c\t%s\n' "$(fp $A 0 1 2 3)"	# 4 from a, 2 from b: leads
		printf 'd\t%s\n' "$(fp $A 0 1 2 3 4)"	# 1 from c, 5 from a: joins c
		printf 'e\t%s\n' $Z			# empty: alone
		printf 'f\t%s\n' $Z
		printf 'g\t%s\n' $A			# a mirror copy of a
		printf 'h\t%s\n' "$(fp $A 0 1 2 3)"	# a copy of c
	} > in
	run nearpairs --clusters in
	assert_success
	assert_output "a	a
b	a
c	c
d	c
e	e
f	f
g	a
h	c"
	# one page a group
	run bash -c "nearpairs --clusters in | awk -F'\t' '\$1 == \$2' | cut -f1"
	assert_output "a
c
e
f"
	# --components: chains are joined, named after the earliest record
	run nearpairs --components in
	assert_success
	assert_output "a	a
b	a
c	a
d	a
e	e
f	f
g	a
h	a"
	run nearpairs --components --keep-empty in
	assert_line --index 4 "e	e"
	assert_line --index 5 "f	e"
	# -H names the column
	printf 'url\tsimhash\n' | cat - in > inh
	run nearpairs -H --clusters inh
	assert_line --index 0 "url	cluster"
	run nearpairs -H --components inh
	assert_line --index 0 "url	component"
	assert_line --index 1 "a	a"
}

@test "nearpairs: --clusters and --components agree with brute force" {
	run bash -c "$(declare -f compare); for k in 0 1 3 5 8; do
		for mode in mixed urls; do
			compare \$mode 600 \$k 1 \$k --clusters -- -c
			compare \$mode 600 \$k 1 \$k --components -- -C
		done
		compare mixed 400 \$k 2 \$k --clusters -- -c
		compare mixed 400 \$k 2 \$k --components --keep-empty -- -C -e
		compare urls 500 \$k 1 \$k --clusters --distinct-versions -- -c -d
		compare urls 500 \$k 2 \$k --components --distinct-versions -- -C -d
	done
	compare cluster 600 3 1 8 --clusters -- -c
	compare equal 300 3 1 3 --components -- -C"
	assert_success
	assert_output ''
	# thousands of mirror copies cluster without their pairs
	"$TOOLS/npgen" equal 20000 > in
	run --separate-stderr nearpairs -v --clusters in
	assert_success
	assert_equal "${#lines[@]}" 20000
	assert_line --index 19999 "id19999	id0"
}

# --- --distinct-versions ----------------------------------------------------

@test "nearpairs: --distinct-versions never pairs two versions of one document" {
	{
		printf 'https://a.example/docs/v1/api\t%s\n' $A
		printf 'https://a.example/docs/v2/api\t%s\n' $A
		printf 'https://b.example/docs/v1/api\t%s\n' $A	# a mirror of v1
		printf 'https://a.example/docs/1.2/x\t%s\n' $A
		printf 'http://a.example/docs/1.3/x?v=1\t%s\n' $A
		printf 'https://a.example/2023/report\t%s\n' $A
		printf 'https://a.example/2024/report\t%s\n' $A
		printf 'docs/v1/api\t%s\n' $A			# not a URL
		printf 'https://a.example/docs/V1/api#v2\t%s\n' $A
	} > in
	run nearpairs --distinct-versions -k 0 in
	assert_success
	# v1 and v2 never; v1 with its mirror and with non-versions, yes
	refute_line "https://a.example/docs/v1/api	https://a.example/docs/v2/api	0"
	assert_line "https://a.example/docs/v1/api	https://b.example/docs/v1/api	0"
	refute_line "https://a.example/docs/1.2/x	http://a.example/docs/1.3/x?v=1	0"
	refute_line "https://a.example/2023/report	https://a.example/2024/report	0"
	assert_line "https://a.example/2023/report	docs/v1/api	0"
	# segments compare byte for byte: V1 is another version than v1
	refute_line "https://a.example/docs/v1/api	https://a.example/docs/V1/api#v2	0"
	# /docs/v1 and /2023: version-like in different positions
	assert_line "https://a.example/docs/v1/api	https://a.example/2023/report	0"
	run bash -c 'nearpairs -k 0 in | wc -l'
	assert_output 36
	run bash -c 'nearpairs -k 0 --distinct-versions in | wc -l'
	assert_output 21
	run bash -c "$(declare -f compare); for k in 0 3 6; do
		compare urls 800 \$k 1 \$k --distinct-versions -- -d
		compare urls 500 \$k 2 \$k --distinct-versions -- -d
	done"
	assert_output ''
	# clusters: v2 leads its own cluster although a v1 comes first
	run nearpairs --clusters --distinct-versions -k 0 in
	assert_line --index 1 "https://a.example/docs/v2/api	https://a.example/docs/v2/api"
	assert_line --index 2 "https://b.example/docs/v1/api	https://a.example/docs/v1/api"
}

# --- --against ---------------------------------------------------------------

@test "nearpairs: --against FILE pairs the input with an archive, archive ID first" {
	printf 'old1\t%s\nold2\t%s\nold3\t%s\n' $A "$(fp $A 3)" ffffffffffffffff > archive
	printf 'new1\t%s\nnew2\t%s\nnew3\t%s\n' "$(fp $A 7)" 00000000000000ff "$(fp $A 3)" > in
	run --separate-stderr nearpairs --against archive in
	assert_success
	assert_output "old1	new1	1
old1	new3	1
old2	new1	2
old2	new3	0"
	# --self adds the input's own pairs, after
	run nearpairs --against archive --self in
	assert_output "old1	new1	1
old1	new3	1
old2	new1	2
old2	new3	0
new1	new3	2"
	# the archive from stdin
	run bash -c 'nearpairs --against - in < archive'
	assert_output "old1	new1	1
old1	new3	1
old2	new1	2
old2	new3	0"
	# an archive that cannot be opened stops before anything is read
	run --separate-stderr nearpairs --against missing in
	assert_failure 2
	assert_output ''
	assert_equal "$stderr" "nearpairs: missing: No such file or directory"
	# a bad record of the archive is rejected, named by file and line
	printf 'old4\tnope\n' >> archive
	run --separate-stderr nearpairs --against archive --rejects rej in
	assert_failure 1
	assert_equal "$stderr" "nearpairs: archive:4: field -1: 'nope' is not a fingerprint (16 hex digits, or several separated by commas)"
	assert_bytes rej 'old4\tnope\n'
	# -H: a header in both, one header out
	{ printf 'id\tfp\n'; cat in; } > inh
	{ printf 'id\tfp\n'; head -n 3 archive; } > arh
	run nearpairs -H --against arh inh
	assert_success
	assert_line --index 0 "id1	id2	distance"
	assert_line --index 1 "old1	new1	1"
}

@test "nearpairs: --against agrees with brute force, and --self with one run over both" {
	run bash -c "$(declare -f compare); for k in 0 3 8; do
		for mode in mixed cluster; do
			\"$TOOLS/npgen\" \$mode 300 \$((k + 50)) > archive
			compare \$mode 500 \$k 1 \$k --against archive -- -a archive
			compare \$mode 500 \$k 1 \$k --against archive --self -- -a archive -s
		done
		\"$TOOLS/npgen\" urls 300 \$k 2 > archive
		compare urls 400 \$((k + 1)) 2 \$k --against archive --self --distinct-versions -- -a archive -s -d
	done"
	assert_success
	assert_output ''
}

# --- map/reduce --------------------------------------------------------------

@test "nearpairs: --emit-keys writes a key record a table, --part numbers the task" {
	printf 'a\t%s\nb\tbad\nc\t%s\n' $A $Z > in
	run --separate-stderr nearpairs --emit-keys in
	assert_failure 1
	assert_output "000.0123	000000.000000000001	a	$A
001.4567	000000.000000000001	a	$A
002.89ab	000000.000000000001	a	$A
003.cdef	000000.000000000001	a	$A"
	run --separate-stderr nearpairs --emit-keys --part 12 -k 1 in
	assert_output "000.01234567	000012.000000000001	a	$A
001.89abcdef	000012.000000000001	a	$A"
	run --separate-stderr nearpairs --emit-keys --keep-empty -k 0 in
	assert_output "000.$A	000000.000000000001	a	$A
000.$Z	000000.000000000003	c	$Z"
	run --separate-stderr nearpairs --emit-keys --tables 10 in
	assert_equal "${#lines[@]}" 10
	assert_line --index 0 "000.0048d15	000000.000000000001	a	$A"
}

@test "nearpairs: --emit-keys | sort | --from-keys | sort -u gives the one-shot pairs" {
	run bash -c 'tools=$1
	for k in 0 1 3 5 8; do for mode in mixed cluster; do p=$(( k % 2 + 1 ))
		"$tools/npgen" $mode 600 $k $p > in
		nearpairs -k $k in > want
		[ -s want ] || [ $k = 0 ] || [ $mode = cluster ] || echo "no pairs for $mode $k"
		t=; [ $mode = cluster ] && t="--tables $(( k == 0 ? 1 : (k + 2) * (k + 1) / 2 ))"
		for t in "$t"; do
			nearpairs --emit-keys -k $k $t in | LC_ALL=C sort |
			    nearpairs --from-keys -k $k $t | LC_ALL=C sort -u | cut -f 3- > got
			cmp -s want got || echo "differs: $mode k=$k p=$p $t"
		done
	done; done
	# two map tasks, two reduce tasks sharded by key
	"$tools/npgen" mixed 900 7 > in
	nearpairs in > want
	head -n 400 in | nearpairs --emit-keys --part 1 > keys
	tail -n +401 in | nearpairs --emit-keys --part 2 >> keys
	LC_ALL=C sort keys > sorted
	awk -F"\t" "\$1 < \"002\"" sorted | nearpairs --from-keys > r1
	awk -F"\t" "\$1 >= \"002\"" sorted | nearpairs --from-keys > r2
	LC_ALL=C sort -u r1 r2 | cut -f 3- > got
	cmp -s want got || echo "two tasks differ"
	# --distinct-versions and --keep-empty in the reduce step
	"$tools/npgen" urls 600 3 2 > in
	nearpairs --distinct-versions --keep-empty in > want
	nearpairs --emit-keys --keep-empty in | LC_ALL=C sort |
	    nearpairs --from-keys --keep-empty --distinct-versions | LC_ALL=C sort -u | cut -f 3- > got
	cmp -s want got || echo "distinct versions differ"' _ "$TOOLS"
	assert_success
	assert_output ''
}

@test "nearpairs: --emit-keys --partitions writes each partition's keys, sorted, to PREFIX.J" {
	"$TOOLS/npgen" mixed 900 3 2 > in
	nearpairs --emit-keys --part 2 in | LC_ALL=C sort > want
	run --separate-stderr nearpairs --emit-keys --part 2 --partitions 5 --prefix k in
	assert_success
	assert_output ''
	assert_equal "$(ls k.*)" "$(printf 'k.%s\n' 0 1 2 3 4)"
	for j in 0 1 2 3 4; do
		[ -s "k.$j" ]
		LC_ALL=C sort -c "k.$j"
		# the partition of a key: 16 times its table plus its last hex digit, mod 5
		awk -F '\t' -v j=$j '{ t = $1; sub(/\..*/, "", t)
		    d = index("0123456789abcdef", substr($1, length($1), 1)) - 1
		    if ((16 * t + d) % 5 != j) { print "k." j ": " $0; exit 1 } }' "k.$j"
	done
	LC_ALL=C sort -m k.* | cmp - want
	# the reduce merges them, and gives the one-shot pairs
	nearpairs in > pairs
	head -n 500 in | nearpairs --emit-keys --part 1 --partitions 2 --prefix a
	tail -n +501 in | nearpairs --emit-keys --part 2 --partitions 2 --prefix b
	for j in 0 1; do
		LC_ALL=C sort -m "a.$j" "b.$j" | nearpairs --from-keys > "r.$j"
	done
	LC_ALL=C sort -u r.0 r.1 | cut -f 3- | cmp - pairs
	# one partition: everything, sorted; no record: empty files
	nearpairs --emit-keys --part 2 --partitions 1 --prefix one in
	cmp one.0 want
	nearpairs --emit-keys --partitions 3 --prefix none < /dev/null
	[ -e none.0 ] && [ ! -s none.0 ] && [ ! -s none.2 ]
	# byte order puts table 1000 after 100, before 101 (1938 tables here)
	printf 'a\t%s,%s\nb\t%s,%s\n' $A $Z $Z $A > two
	nearpairs --emit-keys --keep-empty -k 3 --tables 969 two | LC_ALL=C sort > want
	nearpairs --emit-keys --keep-empty -k 3 --tables 969 --partitions 1 --prefix w two
	assert_equal "$(wc -l < w.0)" 3876
	cmp w.0 want
	run --separate-stderr nearpairs --emit-keys --partitions 2 --prefix nodir/k in
	assert_failure 2
	assert_equal "$stderr" "nearpairs: nodir/k.0: No such file or directory"
}

@test "nearpairs: --from-keys rejects what --emit-keys did not write, and unsorted input" {
	printf 'a\t%s\nb\t%s\n' $A "$(fp $A 0)" > in
	nearpairs --emit-keys in | LC_ALL=C sort > keys
	{
		cat keys
		printf '004.0123\t000000.000000000009\tx\t%s\n' $A	# no table 4
		printf '003.cdee\t000000.000000000009\tx\t%s\n' $A	# not its key
		printf 'zz\t1\tx\t%s\n' $A
		printf '009.ffff\t\tx\t%s\n' $A
		printf '009.ffff\t1\tx\n'
		printf '009.ffff\t1\tx\tnope\n'
	} > bad
	run --separate-stderr nearpairs --from-keys --rejects rej bad
	assert_failure 1
	assert_output "000000.000000000001	000000.000000000002	a	b	1"
	assert_equal "$stderr" "nearpairs: bad:9: field 1: '004.0123' is not the key of the fingerprint with -k 3 --tables 4 (give --from-keys the options --emit-keys had)
nearpairs: bad:10: field 1: '003.cdee' is not the key of the fingerprint with -k 3 --tables 4 (give --from-keys the options --emit-keys had)
nearpairs: bad:11: field 1: 'zz' is not a key of --emit-keys
nearpairs: bad:12: field 2: no record number
nearpairs: bad:13: not a record of --emit-keys (KEY TAB RECORD TAB ID TAB FP): 3 fields
nearpairs: bad:14: field 4: 'nope' is not a fingerprint (16 hex digits, or several separated by commas)"
	run wc -l < rej
	assert_output 6
	# -k differing between the steps is caught
	run --separate-stderr nearpairs --from-keys -k 2 keys
	assert_failure 1
	assert_output ''
	# unsorted input: the pairs of what is grouped, and status 2
	run --separate-stderr bash -c 'LC_ALL=C sort -r keys | nearpairs --from-keys'
	assert_failure 2
	assert_equal "$stderr" "nearpairs: -:2: the input is not sorted by key (sort it with LC_ALL=C sort)"
}

@test "nearpairs: --emit-records writes a record once to each partition of its keys" {
	printf 'a\t%s\nb\tbad\nc\t%s\nd\t%s\n' $A $Z "$(fp $A 0)" > in
	run --separate-stderr nearpairs --emit-records --part 12 --partitions 1 --prefix one in
	assert_failure 1
	assert_output ''
	assert_equal "$(cat one.0)" "000012.000000000001	a	$A
000012.000000000004	d	$(fp $A 0)"
	# the partitions of a record are those of its key records
	"$TOOLS/npgen" mixed 900 3 2 > in
	nearpairs --emit-keys --part 2 --partitions 5 --prefix k in
	run --separate-stderr nearpairs --emit-records --part 2 --partitions 5 --prefix r in
	assert_success
	assert_equal "$(ls r.*)" "$(printf 'r.%s\n' 0 1 2 3 4)"
	for j in 0 1 2 3 4; do
		cut -f 2- "k.$j" | LC_ALL=C sort -u | cmp - "r.$j"
	done
	nearpairs --emit-records --partitions 3 --prefix none < /dev/null
	[ -e none.0 ] && [ ! -s none.0 ] && [ ! -s none.2 ]
}

@test "nearpairs: --emit-records | --from-records gives --from-keys' pairs, sorted" {
	run bash -c 'tools=$1
	for k in 0 1 3 5; do for mode in mixed cluster urls; do for P in 1 3 7; do
		p=$(( k % 2 + 1 )) o=
		[ $mode = urls ] && o="--keep-empty --distinct-versions"
		"$tools/npgen" $mode 600 $k $p > in
		nearpairs -k $k $o in > want
		head -n 250 in | nearpairs --emit-records -k $k $o --part 1 --partitions $P --prefix a
		tail -n +251 in | nearpairs --emit-records -k $k $o --part 2 --partitions $P --prefix b
		head -n 250 in | nearpairs --emit-keys -k $k $o --part 1 > keys
		tail -n +251 in | nearpairs --emit-keys -k $k $o --part 2 >> keys
		LC_ALL=C sort keys | nearpairs --from-keys -k $k $o | LC_ALL=C sort -u > kwant
		j=0
		while [ $j -lt $P ]; do
			cat a.$j b.$j | nearpairs --from-records -k $k $o --part $j --partitions $P > r.$j
			LC_ALL=C sort -c r.$j || echo "not sorted: $mode k=$k P=$P part $j"
			j=$((j + 1))
		done
		LC_ALL=C sort -m -u r.* > got
		cmp -s kwant got || echo "differs from --from-keys: $mode k=$k P=$P"
		cut -f 3- got | cmp -s want - || echo "differs from one run: $mode k=$k P=$P"
		rm -f a.* b.* r.*
	done; done; done' _ "$TOOLS"
	assert_success
	assert_output ''
}

@test "nearpairs: --from-records rejects what --emit-records did not write, and records out of order" {
	printf 'a\t%s\nb\t%s\n' $A "$(fp $A 0)" > in
	nearpairs --emit-records --partitions 1 --prefix r in
	{
		cat r.0
		printf 'x\t%s\n' $A
		printf '\tx\t%s\n' $A
		printf '000000.000000000009\tx\tnope\n'
	} > bad
	run --separate-stderr nearpairs --from-records --part 0 --partitions 1 --rejects rej bad
	assert_failure 1
	assert_output "000000.000000000001	000000.000000000002	a	b	1"
	assert_equal "$stderr" "nearpairs: bad:3: not a record of --emit-records (RECORD TAB ID TAB FP): 2 fields
nearpairs: bad:4: field 1: no record number
nearpairs: bad:5: field 3: 'nope' is not a fingerprint (16 hex digits, or several separated by commas)"
	run wc -l < rej
	assert_output 3
	# a record none of whose keys is in the partition (-k 0: one key, the
	# fingerprint, whose last hex digit f is partition 15 of 16)
	nearpairs --emit-records -k 0 --partitions 16 --prefix r16 in
	run --separate-stderr nearpairs --from-records -k 0 --part 15 --partitions 16 r16.15
	assert_success
	run --separate-stderr nearpairs --from-records -k 0 --part 3 --partitions 16 r16.15
	assert_failure 1
	assert_output ''
	assert_equal "$stderr" "nearpairs: r16.15:1: no key of the record is in partition 3 of 16 with -k 0 --tables 1 (give --from-records the options --emit-records had)"
	# records out of order: status 2
	run --separate-stderr bash -c 'tac r.0 | nearpairs --from-records --part 0 --partitions 1'
	assert_failure 2
	assert_equal "$stderr" "nearpairs: -:2: the records are not in RECORD order (give the files of --emit-records in the order of their --part)"
}

@test "nearpairs: the examples/ map/reduce recipe gives the one-shot pairs" {
	command -v parallel > /dev/null || skip "GNU parallel is not installed"
	"$TOOLS/npgen" mixed 2000 3 > in
	nearpairs in > want
	run --separate-stderr env PATH="$CRAWLUTILS_BIN:$PATH" NEARPAIRS_JOBS=3 \
	    sh "$BATS_TEST_DIRNAME/../examples/nearpairs-mapreduce.sh" in
	assert_success
	printf '%s\n' "$output" > got
	assert_files_equal want got
}

# --- records, options, errors ----------------------------------------------

@test "nearpairs: malformed records are rejected, reported and kept with --rejects" {
	{
		printf 'a\t%s\n' $A
		printf 'short\t0123\n'
		printf 'long\t%s0\n' $A
		printf 'nohex\t0123456789abcdeg\n'
		printf 'empty\t\n'
		printf 'comma\t%s,\n' $A
		printf 'nofield\n'
		printf 'b\t%s\r\n' $A
		printf 'c\t%s' $A
	} > in
	run --separate-stderr nearpairs --rejects rej in
	assert_failure 1
	assert_output "a	b	0
a	c	0
b	c	0"
	assert_equal "$stderr" "nearpairs: in:2: field -1: '0123' is not a fingerprint (16 hex digits, or several separated by commas)
nearpairs: in:3: field -1: '${A}0' is not a fingerprint (16 hex digits, or several separated by commas)
nearpairs: in:4: field -1: '0123456789abcdeg' is not a fingerprint (16 hex digits, or several separated by commas)
nearpairs: in:5: field -1: '' is not a fingerprint (16 hex digits, or several separated by commas)
nearpairs: in:6: field -1: '$A,' is not a fingerprint (16 hex digits, or several separated by commas)
nearpairs: in:7: field -1: 'nofield' is not a fingerprint (16 hex digits, or several separated by commas)"
	assert_equal "$(wc -l < rej)" 6
	run --separate-stderr nearpairs -q -v -i 3 in
	assert_failure 1
	assert_output ''
	assert_equal "$stderr" "nearpairs: 4 tables of 4 blocks; 0 fingerprint pairs compared
nearpairs: records: 9 read, 0 written, 9 rejected"
	# an empty input, and a missing file
	run --separate-stderr nearpairs < /dev/null
	assert_success
	assert_output ''
	run --separate-stderr nearpairs missing in
	assert_failure 2
	assert_line --index 0 "a	b	0"
	assert_equal "$(printf '%s\n' "$stderr" | head -n 1)" "nearpairs: missing: No such file or directory"
}

@test "nearpairs: records read the short way (ID TAB 16 digits) and the long way agree" {
	# cmd/nearpairs.c, parse_record: the last 16 bytes after a TAB are
	# taken as the fingerprint once the first record had one; a record
	# of more fields, a TAB among those bytes, or bytes that do not parse
	# go the long way, with its messages
	{
		printf 'a\t0123456789abcdef\n'
		printf 'b\tc\t0123456789abcdee\n'
		printf 'c\t\t0123456789abcdef\n'
		printf 'd\t0123456789abcdeg\n'
		printf 'e\tx\t123456789abcdef\n'
		printf 'f\t0123456789abcde\tf\n'
		printf 'g\t0x0123456789abcdef\n'
		printf 'h\t0123456789ABCDEF,0123456789abcdef\n'
	} > in
	run --separate-stderr nearpairs in
	assert_failure 1
	assert_output "a	b	1
a	c	0
a	g	0
b	c	1
b	g	1
c	g	0"
	assert_equal "$stderr" "nearpairs: in:4: field -1: '0123456789abcdeg' is not a fingerprint (16 hex digits, or several separated by commas)
nearpairs: in:5: field -1: '123456789abcdef' is not a fingerprint (16 hex digits, or several separated by commas)
nearpairs: in:6: field -1: 'f' is not a fingerprint (16 hex digits, or several separated by commas)
nearpairs: in:8: field -1: 2 fingerprints, where the first record had 1"
}

@test "nearpairs: -H writes a header of the ID column's name" {
	printf 'url\tsimhash\na\t%s\nb\t%s\n' $A $A > in
	run nearpairs -H in
	assert_success
	assert_output "url1	url2	distance
a	b	0"
	run nearpairs in
	assert_failure 1
}

@test "nearpairs: usage errors" {
	run bash -c 'for args; do nearpairs $args < /dev/null; echo "status $?"; done 2>&1' _ \
	    "-k 33" "-k x" "-i 0" "-f a" "--tables 5" "-k 0 --tables 2" "--tables 0" \
	    "--clusters --components" "--against x --clusters" "--emit-keys --from-keys" \
	    "--self" "--part 3" "--emit-keys --part -1" "--against - -" \
	    "--partitions 2 --prefix k" "--emit-keys --partitions 2" "--emit-keys --prefix k" \
	    "--emit-keys --partitions 0 --prefix k" "--emit-keys --emit-records" \
	    "--emit-records" "--emit-records --partitions 2" "--from-records --part 1" \
	    "--from-records --partitions 2 --prefix k" "--from-records --part 2 --partitions 2" \
	    "--from-records --from-keys"
	assert_output "nearpairs: -k: '33' is not a number from 0 to 32
Try 'nearpairs --help' for more information.
status 2
nearpairs: -k: 'x' is not a number from 0 to 32
Try 'nearpairs --help' for more information.
status 2
nearpairs: -i: '0' is not a field number (1 is the first, -1 the last)
Try 'nearpairs --help' for more information.
status 2
nearpairs: -f: 'a' is not a field number (1 is the first, -1 the last)
Try 'nearpairs --help' for more information.
status 2
nearpairs: --tables: 5 tables cannot be made for -k 3: choose 4, 10, 20, 35, 56, 84, 120, 165, 220, 286, 364, 455, 560, 680, 816 or 969
Try 'nearpairs --help' for more information.
status 2
nearpairs: --tables: 2 tables cannot be made for -k 0: choose 1
Try 'nearpairs --help' for more information.
status 2
nearpairs: --tables: '0' is not a number from 1 to 999
Try 'nearpairs --help' for more information.
status 2
nearpairs: choose one of --clusters, --components, --against, --emit-keys, --from-keys, --emit-records and --from-records
Try 'nearpairs --help' for more information.
status 2
nearpairs: choose one of --clusters, --components, --against, --emit-keys, --from-keys, --emit-records and --from-records
Try 'nearpairs --help' for more information.
status 2
nearpairs: choose one of --clusters, --components, --against, --emit-keys, --from-keys, --emit-records and --from-records
Try 'nearpairs --help' for more information.
status 2
nearpairs: --self goes with --against
Try 'nearpairs --help' for more information.
status 2
nearpairs: --part goes with --emit-keys, --emit-records or --from-records
Try 'nearpairs --help' for more information.
status 2
nearpairs: --part: '-1' is not a number from 0 to 999999
Try 'nearpairs --help' for more information.
status 2
nearpairs: --against - and an input - cannot both be the standard input
Try 'nearpairs --help' for more information.
status 2
nearpairs: --partitions goes with --emit-keys, --emit-records or --from-records
Try 'nearpairs --help' for more information.
status 2
nearpairs: --partitions and --prefix go together
Try 'nearpairs --help' for more information.
status 2
nearpairs: --partitions and --prefix go together
Try 'nearpairs --help' for more information.
status 2
nearpairs: --partitions: '0' is not a number from 1 to 65536
Try 'nearpairs --help' for more information.
status 2
nearpairs: choose one of --clusters, --components, --against, --emit-keys, --from-keys, --emit-records and --from-records
Try 'nearpairs --help' for more information.
status 2
nearpairs: --emit-records takes --partitions and --prefix
Try 'nearpairs --help' for more information.
status 2
nearpairs: --partitions and --prefix go together
Try 'nearpairs --help' for more information.
status 2
nearpairs: --from-records takes --partitions and --part, not --prefix
Try 'nearpairs --help' for more information.
status 2
nearpairs: --from-records takes --partitions and --part, not --prefix
Try 'nearpairs --help' for more information.
status 2
nearpairs: --part: 2 is not a partition of --partitions 2 (0 to 1)
Try 'nearpairs --help' for more information.
status 2
nearpairs: choose one of --clusters, --components, --against, --emit-keys, --from-keys, --emit-records and --from-records
Try 'nearpairs --help' for more information.
status 2"
	run --separate-stderr nearpairs --against -
	assert_usage_error "--against -: the standard input is taken, so name the input files"
	run --separate-stderr nearpairs --bogus
	assert_failure 2
}

@test "nearpairs: --help, --version, write errors, a closed pipe, --progress" {
	run --separate-stderr nearpairs --help
	assert_success
	assert_line --index 0 "Usage: nearpairs [-k K] [-i N] [-f N] [--clusters | --components] [options] [file ...]"
	assert_line "      --tables N       the number of tables (default: chosen by K and the"
	run nearpairs --version
	assert_success
	assert_line --index 0 "nearpairs (crawlutils) 0.1.0"
	printf 'a\t%s\nb\t%s\n' $A $A > in
	run --separate-stderr bash -c 'nearpairs in > /dev/full'
	assert_failure 2
	assert_equal "$stderr" "nearpairs: write error: No space left on device"
	"$TOOLS/npgen" equal 600 > eq
	run --separate-stderr bash -c 'nearpairs eq | head -n 1; echo "status ${PIPESTATUS[0]}"'
	assert_output "id0	id1	0
status 141"
	assert_equal "$stderr" ""
	run --separate-stderr nearpairs --progress in
	assert_success
	assert_output "a	b	0"
	[[ "$stderr" == *"s: 2 records read"* ]]
	[[ "$stderr" == *"s: position 1, table 4 of 4: 1 pairs"* ]]
	[[ "$stderr" == *"s: done: 1 written"* ]]
}
