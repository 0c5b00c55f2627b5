# nearverify: candidate pairs confirmed on the texts, Jaccard (or
# containment) of shingle sets, clusters and components.  Expected
# similarities are counted by hand from the shingles; the clusters are
# checked against nearpairs' own on the same pairs.
#
# Loading the bats libraries costs a fifth of a second a test, so related
# checks share a test.
bats_require_minimum_version 1.5.0
load helper

PROG=nearverify

# The documents most tests use; shingles of 3 tokens:
#   a: {a b c, b c d}          b: {a b c, b c e}      J(a, b) = 1/3
#   c: {a b c, b c d, c d e, d e f}                   J(a, c) = 2/4
#   d: a's text with other case, punctuation and digits: J(a, d) = 1
#   e: no tokens at all
#   f: {x y z} (3 tokens)      g: "x y" (one shingle of two tokens)
mkdocs() {
	printf '%s\t%s\n' \
	    a 'a b c d' \
	    b 'a b c e' \
	    c 'a b c d e f' \
	    d 'A, B; C -- D!' \
	    e '... --- !!!' \
	    f 'x y z' \
	    g 'X Y' > docs
}

@test "nearverify: Jaccard of 3-shingle sets, 4 decimals, pairs of at least --min" {
	mkdocs
	printf 'a\tb\t3\na\tc\t2\na\td\t0\nf\tg\t9\n' > pairs
	run --separate-stderr nearverify -d docs pairs
	assert_success
	assert_output "$(printf 'a\tb\t3\t0.3333\na\tc\t2\t0.5000\na\td\t0\t1.0000')"
	assert_equal "$stderr" ""
	# --all: every pair; J(f, g) = 0 (two different single shingles)
	run nearverify -d docs --all pairs
	assert_output "$(printf 'a\tb\t3\t0.3333\na\tc\t2\t0.5000\na\td\t0\t1.0000\nf\tg\t9\t0.0000')"
	# the threshold is compared exactly, before rounding: 1/3 >= 0.3333
	# but not >= 0.33334; 2/4 >= 0.5
	run nearverify -d docs --min 0.3333 pairs
	assert_equal "$(echo "$output" | wc -l)" 3
	run nearverify -d docs --min 0.33334 pairs
	assert_output "$(printf 'a\tc\t2\t0.5000\na\td\t0\t1.0000')"
	run nearverify --docs=docs --min .5 pairs
	assert_output "$(printf 'a\tc\t2\t0.5000\na\td\t0\t1.0000')"
	run nearverify -d docs --min 1 pairs
	assert_output "$(printf 'a\td\t0\t1.0000')"
	# pairs of any number of fields: only the first two are read
	printf 'a\tb\nc\ta\tx\ty\tz\n' > p2
	run nearverify -d docs --min 0 p2
	assert_output "$(printf 'a\tb\t0.3333\nc\ta\tx\ty\tz\t0.5000')"
}

@test "nearverify: shingles of the tokens simhash takes: case, digits, CJK, escapes" {
	{
		printf 'en1\tThe Report of 2024 was long\n'
		printf 'en2\tthe REPORT of 1999, was long.\n'
		printf 'en3\tthe report of 12345 was long\n'
		printf 'zh1\t今天天气很好\n'
		printf 'zh2\t今天天气不好\n'
		printf 'zh3\t今天，天气很好。\n'
		printf 'esc1\tone\\ttwo\\nthree\n'
		printf 'esc2\tone two three\n'
		printf 'w1\tＦＵＬＬ width text\n'
		printf 'w2\tfull width text\n'
	} > docs
	printf '%s\t%s\n' en1 en2 en1 en3 zh1 zh2 zh1 zh3 esc1 esc2 w1 w2 > pairs
	# digits are 0 (2024 = 1999, but not 12345: 1 shingle of the 4 + 4
	# - 1 is shared); CJK characters are tokens: 今天天 天天气 天气很
	# 气很好 against 今天天 天天气 天气不 气不好; punctuation separates;
	# \t and \n in a field separate; NFKC folds full-width letters
	run nearverify -d docs --all pairs
	assert_success
	assert_output "$(printf '%s\t%s\t%s\n' en1 en2 1.0000 en1 en3 0.1429 \
	    zh1 zh2 0.3333 zh1 zh3 1.0000 esc1 esc2 1.0000 w1 w2 1.0000)"
	# --shingle 1: the sets of tokens; 2: bigrams
	printf 'a\tx y z w\nb\tx y z v\n' > d2
	printf 'a\tb\n' > p2
	run nearverify -d d2 --shingle 1 p2
	assert_output "$(printf 'a\tb\t0.6000')"
	run nearverify -d d2 --shingle 2 --all p2
	assert_output "$(printf 'a\tb\t0.5000')"
	run nearverify -d d2 --shingle 8 --all p2
	assert_output "$(printf 'a\tb\t0.0000')"
}

@test "nearverify: texts without tokens and texts shorter than a shingle" {
	mkdocs
	printf 'e\te\ne\ta\nf\tf\ng\tg\nf\tg\n' > pairs
	# an empty text is like no other text, itself included: 0; a text
	# is 1 to itself; "X Y" is one shingle
	run nearverify -d docs --all pairs
	assert_output "$(printf '%s\t%s\t%s\n' e e 0.0000 e a 0.0000 f f 1.0000 \
	    g g 1.0000 f g 0.0000)"
	run nearverify -d docs --min 0 pairs
	assert_equal "$(echo "$output" | wc -l)" 5
	run nearverify -d docs pairs
	assert_output "$(printf 'f\tf\t1.0000\ng\tg\t1.0000')"
}

@test "nearverify: --containment, |A and B| / min(|A|, |B|), default --min 0.7" {
	mkdocs
	printf 'a\tc\na\tb\n' > pairs
	# a's two shingles are both in c: 1; a and b share 1 of 2
	run nearverify -d docs --containment --all pairs
	assert_output "$(printf 'a\tc\t1.0000\na\tb\t0.5000')"
	run nearverify -d docs --containment pairs
	assert_output "$(printf 'a\tc\t1.0000')"
	run nearverify -d docs --containment --min 0.5 pairs
	assert_equal "$(echo "$output" | wc -l)" 2
	# -H: both inputs start with a header; the similarity's column is
	# named after it
	{ printf 'id\ttext\n'; cat docs; } > hdocs
	{ printf 'left\tright\n'; cat pairs; } > hpairs
	run --separate-stderr nearverify -H -d hdocs --containment hpairs
	assert_success
	assert_output "$(printf 'left\tright\tcontainment\na\tc\t1.0000')"
}

@test "nearverify: --clusters, earliest leader in DOCS order, no chaining" {
	# x1 ~ x2 ~ x3 in a chain (each pair 0.5 or more, x1 and x3 not);
	# y1 ~ y2; z alone; w in no pair
	{
		printf 'w\tnothing here at all\n'
		printf 'x1\tone two three four five six\n'
		printf 'x2\tone two three four five six seven eight nine\n'
		printf 'y1\tred green blue\n'
		printf 'x3\tfour five six seven eight nine ten eleven\n'
		printf 'y2\tred green blue\n'
		printf 'z\tsome other text\n'
	} > docs
	# the pairs in any order, either way round
	printf '%s\t%s\n' x3 x2 y2 y1 x1 x2 x1 x3 z y1 > pairs
	run --separate-stderr nearverify -d docs --clusters pairs
	assert_success
	assert_output "$(printf '%s\t%s\n' w w x1 x1 x2 x1 y1 y1 x3 x3 y2 y1 z z)"
	run nearverify -d docs --components pairs
	assert_output "$(printf '%s\t%s\n' w w x1 x1 x2 x1 y1 y1 x3 x1 y2 y1 z z)"
	# one page per group
	run bash -c "nearverify -d docs --clusters pairs | awk -F'\t' '\$1 == \$2' | cut -f1"
	assert_output "$(printf '%s\n' w x1 y1 x3 z)"
	# -H: the ID column of DOCS names the first column
	{ printf 'url\ttext\n'; cat docs; } > hdocs
	{ printf 'url1\turl2\n'; cat pairs; } > hpairs
	run nearverify -H -d hdocs --clusters hpairs
	assert_line -n 0 "$(printf 'url\tcluster')"
	assert_line -n 3 "$(printf 'x2\tx1')"
	run nearverify -H -d hdocs --components hpairs
	assert_line -n 0 "$(printf 'url\tcomponent')"
	run nearverify -H -d hdocs hpairs
	assert_output "$(printf 'url1\turl2\tjaccard\nx3\tx2\t0.4444\ny2\ty1\t1.0000\nx1\tx2\t0.5714')"
	# with the pairs of nearpairs all confirmed (--min 0), the clusters
	# and components are those of nearpairs
	"$CRAWLUTILS_BIN/../bench/gen" en 300 > gdocs
	bash -c 'simhash gdocs | nearpairs -k 8 > gpairs'
	[ "$(wc -l < gpairs)" -gt 100 ]
	for mode in --clusters --components; do
		simhash gdocs | nearpairs -k 8 "$mode" > want
		nearverify -d gdocs --min 0 "$mode" gpairs > got
		cmp want got || fail "$mode differs from nearpairs"
	done
	# the similarities counted four at a time (AVX2, where the CPU has
	# it) and one at a time are the same
	nearverify -d gdocs --all gpairs > vec
	CRAWLUTILS_NO_AVX2=1 nearverify -d gdocs --all gpairs > scalar
	[ "$(wc -l < vec)" -eq "$(wc -l < gpairs)" ]
	cmp vec scalar || fail "CRAWLUTILS_NO_AVX2 changes the similarities"
}

@test "nearverify: the three-layer route on the examples" {
	ex=$BATS_TEST_DIRNAME/../examples
	run bash -c "simhash -n 7 '$ex/texts.tsv' | nearpairs -k 4 | nearverify -d '$ex/texts.tsv' --clusters | awk -F'\t' '\$1 == \$2' | cut -f1"
	assert_success
	assert_output "$(printf '%s\n' news/launch.html news/launch-update.html \
	    zh/weather.html zh/sports.html docs/api-v1.html)"
	# -i and -f: other ID and text fields
	printf '%s\t%s\t%s\n' 'a b c d' k1 x 'a b c e' k2 y > d3
	printf 'k1\tk2\n' > pairs
	run nearverify -d d3 -i 2 -f 1 --all pairs
	assert_output "$(printf 'k1\tk2\t0.3333')"
	run nearverify -d d3 -i -2 -f -3 --all pairs
	assert_output "$(printf 'k1\tk2\t0.3333')"
	# the titles of two pages, as sets of words
	printf 'news/launch.html\tnews/launch-update.html\n' > p3
	run nearverify -d "$ex/texts.tsv" -f 2 --shingle 1 --all p3
	assert_output "$(printf 'news/launch.html\tnews/launch-update.html\t0.7500')"
}

@test "nearverify: a pair naming an ID that DOCS lacks is rejected where it was read" {
	mkdocs
	printf 'a\tb\nq\ta\n\nonefield\na\tb\tkeep\n' > p1
	printf 'c\tzz\tdist\n' > p2
	run --separate-stderr nearverify -d docs --rejects rej p1 p2
	assert_failure 1
	assert_output "$(printf 'a\tb\t0.3333\na\tb\tkeep\t0.3333')"
	assert_equal "$stderr" "nearverify: p1:3: not a pair: one field, where ID1 TAB ID2 was expected
nearverify: p1:4: not a pair: one field, where ID1 TAB ID2 was expected
nearverify: p1:2: ID 'q' is not in docs
nearverify: p2:1: ID 'zz' is not in docs"
	assert_bytes rej '\nonefield\nq\ta\nc\tzz\tdist\n'
	# the same in the group modes, whose output is every document
	run --separate-stderr nearverify -q -d docs --clusters p1 p2
	assert_failure 1
	assert_equal "$stderr" ""
	assert_equal "$(echo "$output" | wc -l)" 7
	run --separate-stderr nearverify -v -d docs --components p1 p2
	assert_failure 1
	assert_line -n 1 "$(printf 'b\ta')"
	[[ $stderr == *"p2:1: ID 'zz' is not in docs"* ]]
	[[ $stderr == *"nearverify: 4 pairs of 5 IDs, 2 confirmed; 7 documents, 3 of them in pairs"* ]]
	[[ $stderr == *"nearverify: memory: shingle sets at most "*" MB ("*" at once), pairs and IDs "*" MB"* ]]
	[[ $stderr == *"nearverify: records: 13 read, 7 written, 4 rejected"* ]]
}

@test "nearverify: a repeated ID in DOCS is rejected, naming both lines; bad DOCS records" {
	printf 'a\tone two three\nb\tone two three\nx\n\t\na\tone two four\nb\n' > docs
	printf 'a\tb\n' > pairs
	run --separate-stderr nearverify -d docs --rejects rej pairs
	assert_failure 1
	# the first a stands
	assert_output "$(printf 'a\tb\t1.0000')"
	assert_equal "$stderr" "nearverify: docs:5: ID 'a' is also on line 1: pairs could not tell the two apart
nearverify: docs:6: ID 'b' is also on line 2: pairs could not tell the two apart"
	assert_bytes rej 'a\tone two four\nb\n'
	# a record of one field is its own ID and text; -i 2 needs two
	run --separate-stderr nearverify -d docs -i 2 pairs
	assert_failure 1
	[[ $stderr == *"docs:3: no field 2: the record has 1"* ]]
	[[ $stderr == *"pairs:1: ID 'a' is not in docs"* ]]
	# IDs are bytes: NUL, invalid UTF-8 and backslashes are not unescaped
	printf 'k\\t\0\377\tsame words here\nplain\tsame words here\n' > d3
	printf 'k\\t\0\377\tplain\n' > p3
	nearverify -d d3 p3 > got
	assert_bytes got 'k\\t\0\377\tplain\t1.0000\n'
}

@test "nearverify: empty inputs, CRLF, no final newline, invalid UTF-8, -d -" {
	mkdocs
	: > empty
	run --separate-stderr nearverify -d docs empty
	assert_success
	assert_output ''
	run nearverify -d docs --clusters empty
	assert_equal "$(echo "$output" | wc -l)" 7
	run nearverify -d empty --clusters empty
	assert_success
	assert_output ''
	run nearverify -H -d empty --clusters empty
	assert_output "$(printf 'id\tcluster')"
	run nearverify -H -d empty empty
	assert_output "$(printf 'id1\tid2\tjaccard')"
	printf 'a\tb\r\nc\ta' > crlf
	printf 'a\ta b c d\r\nb\ta b c e\r\nc\ta b c d e f' > dcrlf
	run nearverify -d dcrlf --all crlf
	assert_output "$(printf 'a\tb\t0.3333\nc\ta\t0.5000')"
	printf 'u\tcaf\xe9 \xff\xfe bar baz qux\nv\tcaf \xc3\xa9 bar baz qux\n' > bad
	printf 'u\tv\n' > pbad
	run nearverify -d bad --all pbad
	assert_success
	assert_output "$(printf 'u\tv\t0.2500')"
	# the documents on the standard input, the pairs from a file
	printf 'a\tb\n' > pairs
	run bash -c 'nearverify -d - pairs < docs'
	assert_output "$(printf 'a\tb\t0.3333')"
	# a huge text
	awk 'BEGIN { printf "big\t"; for (i = 0; i < 300000; i++) printf "w%d ", i % 1000; print "" }' > dbig
	printf 'a b c d\n' | awk '{ print "a\t" $0 }' >> dbig
	printf 'big\ta\n' > pbig
	run nearverify -d dbig --all pbig
	assert_output "$(printf 'big\ta\t0.0000')"
}

@test "nearverify: the similarity is printed the same in every locale" {
	mkdocs
	printf 'a\tb\n' > pairs
	for loc in C de_DE.UTF-8 fr_FR.UTF-8 C.UTF-8; do
		LC_ALL=$loc nearverify -d docs pairs > "got.$loc" 2>/dev/null
		assert_bytes "got.$loc" 'a\tb\t0.3333\n'
	done
}

@test "nearverify: usage errors" {
	mkdocs
	: > pairs
	run --separate-stderr nearverify pairs
	assert_usage_error "no documents: give them with -d DOCS"
	run --separate-stderr nearverify -d docs --clusters --components pairs
	assert_usage_error "choose one of --clusters and --components"
	run --separate-stderr nearverify -d docs --all --clusters pairs
	assert_usage_error "--all writes pairs: not with --clusters"
	run --separate-stderr nearverify -d - < pairs
	assert_usage_error "-d -: the standard input is taken, so name the input files"
	run --separate-stderr nearverify -d - pairs - < pairs
	assert_usage_error "-d - and an input - cannot both be the standard input"
	# a bad field number names its own option
	run --separate-stderr nearverify -d docs -i x pairs
	assert_usage_error "-i: 'x' is not a field number (1 is the first, -1 the last)"
	run --separate-stderr nearverify -d docs -f 0 pairs
	assert_usage_error "-f: '0' is not a field number (1 is the first, -1 the last)"
	for bad in 1.5 -1 abc '' . 0.1234567891 1.0001 2 0x1 '0.5 '; do
		run --separate-stderr nearverify -d docs --min "$bad" pairs
		assert_usage_error "--min: '$bad' is not a number from 0 to 1 (at most 9 decimals)"
	done
	for ok in 0 1 1.0 0.25 .25 0.123456789 00.5; do
		run nearverify -d docs --min "$ok" pairs
		assert_success
	done
	run --separate-stderr nearverify -d docs --shingle 0 pairs
	assert_failure 2
	[[ $stderr == *"--shingle"* ]]
	run --separate-stderr nearverify -d docs --shingle 9 pairs
	assert_failure 2
	run --separate-stderr nearverify -d docs -i 0 pairs
	assert_failure 2
	run --separate-stderr nearverify -d nonexistent pairs
	assert_failure 2
	assert_equal "$stderr" "nearverify: nonexistent: No such file or directory"
	run --separate-stderr nearverify -d docs pairs nonexistent
	assert_failure 2
	assert_equal "$stderr" "nearverify: nonexistent: No such file or directory"
}

@test "nearverify: --help, --version, write errors, a closed pipe" {
	run nearverify --help
	assert_success
	assert_line -n 0 --partial "Usage: nearverify -d DOCS"
	run nearverify --version
	assert_success
	assert_line -n 0 --regexp '^nearverify \(crawlutils\) [0-9]'
	mkdocs
	printf 'a\tb\na\tc\n' > pairs
	run --separate-stderr bash -c 'nearverify -d docs --min 0 pairs > /dev/full'
	assert_failure 2
	assert_equal "$stderr" "nearverify: write error: No space left on device"
	run bash -c 'nearverify -d docs --clusters pairs > /dev/full'
	assert_failure 2
	# a reader that goes away: no message, SIGPIPE
	seq 100000 | awk '{ print "a\tb" }' > many
	run bash -c 'nearverify -d docs many | head -1; echo "${PIPESTATUS[0]}"'
	assert_output "$(printf 'a\tb\t0.3333\n141')"
	# --line-buffered gives the same bytes
	run nearverify --line-buffered -d docs --min 0 pairs
	assert_output "$(printf 'a\tb\t0.3333\na\tc\t0.5000')"
}

@test "nearverify: binary garbage, --max-record, DOCS on a FIFO whose writer is slow" {
	printf 'a\tone two three\nb\tone two three four five six seven\n' > docs
	# garbage as pairs: every line rejected or naming absent IDs, nothing
	# written, the run goes on
	LC_ALL=C awk 'BEGIN { srand(7); for (i = 0; i < 3000; i++) printf "%c", int(rand() * 256) }' > garbage
	printf '\na\tb\n' >> garbage
	run --separate-stderr nearverify -d docs --min 0 garbage
	assert_failure 1
	assert_output "$(printf 'a\tb\t0.2000')"
	[[ $stderr == *"is not in docs"* ]]
	# --max-record: long pairs and long documents are rejected
	printf 'a\tb\nlongidxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\tb\n' > pairs
	run --separate-stderr nearverify --max-record 20 -d docs --rejects rej pairs
	assert_failure 1
	assert_output ''
	assert_equal "$stderr" "nearverify: pairs:2: record longer than 20 bytes (--max-record)
nearverify: docs:2: record longer than 20 bytes (--max-record)
nearverify: pairs:1: ID 'b' is not in docs"
	assert_bytes rej 'longidxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\tb\nb\tone two three four five six seven\na\tb\n'
	# DOCS is opened at the start and held: a FIFO's writer that is still
	# writing when the pairs come late is not cut off
	mkfifo fifo
	awk 'BEGIN { for (i = 0; i < 20000; i++) print "x" i "\tone two three"; print "a\tx y z"; print "b\tx y z" }' > big
	(cat big > fifo; echo "$?" > catrc) &
	run bash -c "(sleep 1; printf 'a\tb\n') | nearverify -d fifo"
	wait
	assert_success
	assert_output "$(printf 'a\tb\t1.0000')"
	assert_equal "$(cat catrc)" 0
}
