# simhash on large inputs (make check-slow): a 50 MB text, and many records
# in flat memory.
load ../helper

GEN="$CRAWLUTILS_BIN/../bench/gen"

@test "simhash: a 50 MB text has the fingerprint of its repeated unit, in bounded memory" {
	# every word occurs at least twice in one unit, so a thousand-fold
	# repetition multiplies every weight alike and keeps the fingerprint
	unit='The quick brown fox jumps over the lazy dog, the dog sleeps; 中文文本测试，重复的中文文本。 '
	{
		printf 'a\t'; yes "$unit$unit" | head -n 2 | tr -d '\n'
		printf '\nb\t'; yes "$unit" | head -n 500000 | tr -d '\n'
		printf '\n'
	} > in
	[ "$(stat -c %s in)" -gt 50000000 ]
	rss=$(/usr/bin/time -f %M simhash in 2>&1 >out | tail -1)
	[ "$(wc -l < out)" -eq 2 ]
	a=$(sed -n 1p out | cut -f2)
	assert_equal "$(sed -n 2p out)" "b	$a"
	[ "$a" != 0000000000000000 ]
	# the record itself, once, and little else
	[ "$rss" -lt 150000 ]
}

@test "simhash: 100,000 records of a few KB in flat memory, with the route's -n 7" {
	"$GEN" zh 50000 > in
	"$GEN" en 50000 >> in
	rss=$(/usr/bin/time -f %M simhash -n 7 in 2>&1 >out | tail -1)
	[ "$rss" -lt 30000 ]
	[ "$(wc -l < out)" -eq 100000 ]
	[ "$(cut -f2 out | sort -u | wc -l)" -eq 100000 ]
}
