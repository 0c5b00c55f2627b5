# bench/minhash: the MinHash LSH peer of nearverify's benchmark (not a
# program of the suite, but the figures it gives are quoted, so it is
# tested): datasketch's band and row choice, signatures the same under
# every vector width, signatures that estimate the Jaccard index, and
# candidates that nearverify reads.
bats_require_minimum_version 1.5.0
load helper

PROG=minhash
tools=$BATS_TEST_DIRNAME/../build/bench

@test "minhash: bands and rows as datasketch chooses them for a threshold" {
	# datasketch's MinHashLSH(threshold, num_perm=256) takes these; the
	# first two are the issue's settings (text-dedup's 0.7, and 0.3)
	for want in '0.7 25 10' '0.3 64 4' '0.5 42 6' '0.8 17 15'; do
		set -- $want
		run "$tools/minhash" --params -t "$1"
		assert_success
		assert_output --regexp "^perm 256 threshold $1 bands $2 rows $3 "
	done
	run "$tools/minhash" --params -p 128 -t 0.9
	assert_output --regexp '^perm 128 threshold 0.9 bands [0-9]+ rows [0-9]+ '
	# b * r never exceeds the permutations
	[[ $output =~ bands\ ([0-9]+)\ rows\ ([0-9]+) ]]
	(( BASH_REMATCH[1] * BASH_REMATCH[2] <= 128 ))
}

@test "minhash: the same signatures with AVX-512, AVX2 and the portable code" {
	"$tools/gen" en 300 > docs
	"$tools/gen" zh 100 >> docs
	# 200 permutations: six blocks of 32 and 8 left for the portable code
	"$tools/minhash" --signatures -p 200 --shingle 3 docs > wide
	CRAWLUTILS_NO_AVX512=1 "$tools/minhash" --signatures -p 200 --shingle 3 docs > avx2
	CRAWLUTILS_NO_AVX512=1 CRAWLUTILS_NO_AVX2=1 "$tools/minhash" \
	    --signatures -p 200 --shingle 3 docs > portable
	assert_equal "$(wc -l < portable)" 400
	cmp wide portable
	cmp avx2 portable
	# 200 values of at most 32 bits each, not all alike
	run awk -F'\t' '{ n = split($2, v, ","); if (n != 200) print "count " NR
	    for (i = 1; i <= n; i++) if (length(v[i]) > 8) print "wide " NR }' portable
	assert_output ''
	assert [ "$(cut -f2 portable | tr , '\n' | LC_ALL=C sort -u | wc -l)" -gt 70000 ]
}

@test "minhash: the share of equal values estimates the Jaccard index" {
	"$tools/gen" en 40 > base
	# each text and a copy with a tenth of its words changed
	awk -F'\t' '{ print; n = split($2, w, " "); s = ""
	    for (i = 1; i <= n; i++) s = s (i > 1 ? " " : "") (i % 10 == 3 ? "zz" i : w[i])
	    print $1 "~1\t" s }' base > docs
	"$tools/minhash" --signatures -p 512 --shingle 3 docs > sig
	awk -F'\t' 'NR % 2 == 1 { a = $1 } NR % 2 == 0 { print a "\t" $1 }' docs > pairs
	nearverify --all -d docs pairs > true
	# |estimate - J| is at most 4 standard deviations of 512 draws
	run awk -F'\t' 'FILENAME == ARGV[1] { s[$1] = $2; next }
	    { split(s[$1], x, ","); split(s[$2], y, ","); e = 0
	      for (i = 1; i <= 512; i++) e += x[i] == y[i]; e /= 512; j = $NF
	      if ((e - j)^2 > 16 * j * (1 - j) / 512 + 1e-6) print $1, e, j; n++ }
	    END { if (n != 40) print "pairs " n }' sig true
	assert_output ''
}

@test "minhash: near copies are candidates, other texts are not; nearverify reads them" {
	"$tools/gen" en 200 > base
	awk -F'\t' 'NR % 20 == 1 { n = split($2, w, " "); s = ""
	    for (i = 1; i <= n; i++) s = s (i > 1 ? " " : "") (i % 50 == 7 ? "qq" : w[i])
	    print $1 "~copy\t" s }' base > copies
	cat base copies > docs
	run --separate-stderr "$tools/minhash" -v --shingle 3 -t 0.3 docs
	assert_success
	assert_equal "$(printf '%s\n' "$output" | cut -f1 | sed 's/$/~copy/')" \
	    "$(printf '%s\n' "$output" | cut -f2)"
	assert_equal "$(printf '%s\n' "$output" | wc -l)" 10
	[[ $stderr == *"64 bands of 4 rows"*"10 candidate pairs"* ]]
	printf '%s\n' "$output" > cand
	run nearverify -d docs cand
	assert_success
	assert_equal "$(printf '%s\n' "$output" | wc -l)" 10
}

@test "minhash: a text without tokens has no candidates; bad records are reported" {
	printf 'a\t...\nb\t!!!\nc\tone two three four\nd\tone two three four\nbad\n' > docs
	run --separate-stderr "$tools/minhash" --shingle 3 docs
	assert_failure 1
	assert_output "$(printf 'c\td')"
	assert_equal "$stderr" "minhash: docs:5: no ID and text in fields 1 and -1: the record has 1"
	run --separate-stderr "$tools/minhash" -b 4 docs
	assert_usage_error "-b and -r go together"
	run --separate-stderr "$tools/minhash" -b 100 -r 3 docs
	assert_usage_error "-b 100 -r 3: more than the 256 permutations"
}

@test "simeval --emit and --score: the texts for the programs, and their pairs scored" {
	# 30 documents of bench/gen's English, paragraphs at each sentence
	"$tools/gen" en 30 | awk -F'\t' '{ t = $2; gsub(/\. /, ".\\n\\n", t)
	    print "en\tg" NR % 3 "\t" $1 "\t" t }' > docs
	"$tools/simeval" --lang en --emit texts docs
	# 21 texts a document: the original and its edited, templated ... copies
	assert_equal "$(wc -l < texts)" 630
	assert_equal "$(cut -f1 texts | cut -d. -f3 | LC_ALL=C sort -u | wc -l)" 21
	# each original with its 10% edit: every 10% pair found, nothing else
	awk -F'\t' '{ split($1, p, "."); r[p[3]] = $1
	    if (p[3] == "e10") print r["orig"] "\t" $1 }' texts > pairs
	run "$tools/simeval" --lang en --score pairs docs
	assert_output "en: 30 documents, 30 pairs: R<=5% 0.000 R5-10% 1.000 P 1.0000 false 0 rw30 0.000 rw50 0.000 api 0.000 unlabelled 0"
	# the originals of two documents: different texts, all false
	awk -F'\t' '{ split($1, p, "."); if (p[3] == "orig") { if (last) print last "\t" $1; last = $1 } }' texts > pairs
	run "$tools/simeval" --lang en --score pairs docs
	assert_output "en: 30 documents, 29 pairs: R<=5% 0.000 R5-10% 0.000 P 0.0000 false 29 rw30 0.000 rw50 0.000 api 0.000 unlabelled 0"
}
