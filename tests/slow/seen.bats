# seen on large inputs (make check-slow): the false-positive rate on 10^6
# keys through the command line, a 100 MB key, and memory that does not
# grow with the input.
bats_require_minimum_version 1.5.0
load ../helper

SEENKEYS="$CRAWLUTILS_BIN/../bench/seenkeys"

# fp_check (tests/seen-fp.bash), here within 10%
load ../seen-fp

@test "seen: false positives at p = 0.01 on 10^6 keys are as many as the formula says" {
	fp_check 1000000 0.01 9585088 7 0.1
}

@test "seen: false positives at p = 0.001 on 10^6 keys are as many as the formula says" {
	fp_check 1000000 0.001 14377600 10 0.1
}

@test "seen: 5 million URLs in the memory of the filter, whatever the input size" {
	"$SEENKEYS" 5000000 > in
	/usr/bin/time -f %M -o rss seen -n 1M < in > out
	# 1.2 MB of filter, the reader's buffer, the output's: flat
	[ "$(cat rss)" -lt 12000 ]
	/usr/bin/time -f %M -o rss seen -n 100M < in > out
	# 120 MB of filter, no more
	[ "$(cat rss)" -lt $((117000 + 12000)) ]
	[ "$(LC_ALL=C sort -u in | wc -l)" -eq "$(seen --exact < in | wc -l)" ]
}

@test "seen: a 100 MB key is a key like any other" {
	head -c 100000000 /dev/zero | tr '\0' a > big
	{ cat big; echo; echo b; cat big; echo; echo b; } > in
	run bash -c 'seen < in | cut -c 1-3'
	assert_output "aaa
b"
	run bash -c 'seen --exact < in | cut -c 1-3'
	assert_output "aaa
b"
}
