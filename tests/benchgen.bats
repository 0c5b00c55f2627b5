# bench/gen zipf: the English of the dedup route's benchmark at scale
# (make bench BENCH=nearverify NV_BIG=1).  Not a program of the suite, but
# the route's CPU figures on English are measured on it, so its format
# and the properties that make those figures mean something are tested:
# records the route reads, the same bytes on every run, texts far apart
# by their fingerprints, and planted copies the route finds.
bats_require_minimum_version 1.5.0
load helper

PROG=gen
tools=$BATS_TEST_DIRNAME/../build/bench

@test "gen zipf: ID TAB TEXT records, paragraphs joined by \\n escapes, the same on every run" {
	"$tools/gen" zipf 300 > docs
	"$tools/gen" zipf 300 | cmp - docs
	# doc0 .. doc299, two fields, no raw CR or other control byte
	run awk -F'\t' 'NF != 2 || $1 != "doc" NR - 1 { print "record " NR }' docs
	assert_output ''
	run grep -c $'[\r\x01-\x08\x0b-\x1f]' docs
	assert_output 0
	# sentences: a capital, lower-case words, commas, a final . or ?;
	# paragraphs joined by the two bytes \n
	run awk -F'\t' '{ n = split($2, p, /\\n/)
	    for (i = 1; i <= n; i++)
	        if (p[i] !~ /^([A-Z][a-z]*,?( [a-z]+,?)* [a-z]+[.?] )*[A-Z][a-z]*,?( [a-z]+,?)* [a-z]+[.?]$/)
	            print "record " NR " paragraph " i ": " substr(p[i], 1, 60) }' docs
	assert_output ''
	# lengths: 3 to 21 paragraphs, words as bench/gen.c says
	run awk -F'\t' '{ n = split($2, p, /\\n/); w = split($2, x, / /)
	    if (n < 3 || n > 21 || w < 24 || w > 4557) print "record " NR ": " n " " w }' docs
	assert_output ''
}

@test "gen zipf: a large vocabulary, Zipf-distributed" {
	"$tools/gen" zipf 1000 | cut -f2 | sed 's/\\n/ /g' | tr 'A-Z ' 'a-z\n' |
	    tr -d '.,?' | LC_ALL=C sort | uniq -c | sort -rn > freq
	# tens of thousands of distinct words (46,827); the commonest 4.4% of
	# them (1/H(60000) = 8.6% of Zipf's draws, less the topic words' quarter
	# and what each text's register leaves out), the tenth about a tenth
	# of that (9.9 times fewer)
	run awk '{ t += $1; d++; c[NR] = $1 }
	    END { if (d < 20000) print "distinct " d
	        if (c[1] / t < 0.025 || c[1] / t > 0.07) print "first " c[1] / t
	        if (c[1] / c[10] < 5 || c[1] / c[10] > 20) print "1/10 " c[1] / c[10] }' freq
	assert_output ''
}

@test "gen zipf: few candidate pairs among different texts, planted copies found" {
	# gen en's texts give thousands of candidate pairs at this size
	"$tools/gen" zipf 2000 > docs
	simhash -n 7 docs | nearpairs -k 4 > pairs
	run wc -l < pairs
	(( output <= 20 ))
	# nvgen's copies (edits of 0 to 10%): the route finds nearly all
	"$tools/gen" zipf 1000 | "$tools/nvgen" 1 > planted
	cut -f1 planted | sed 's/~.*//' | LC_ALL=C sort | uniq -c |
	    awk '{ t += $1 * ($1 - 1) / 2 } END { print t }' > truth
	simhash -n 7 planted | nearpairs -k 4 | nearverify -d planted > found
	run awk -F'\t' -v t="$(cat truth)" '{ a = $1; b = $2
	    sub(/~.*/, "", a); sub(/~.*/, "", b); if (a == b) tp++; else fp++ }
	    END { if (tp < 0.9 * t || fp > 0) print tp " of " t ", " fp " false" }' found
	assert_output ''
}
