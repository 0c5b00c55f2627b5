# Large inputs (make check-slow, normal build only): 100 MB lines,
# millions of records, and memory that stays flat on streams.
load ../helper

GEN="$CRAWLUTILS_BIN/../bench/gen"

# max resident set size in KB of a command reading stdin from $1
maxrss() {
	local input=$1
	shift
	/usr/bin/time -f %M -o rss "$@" < "$input" > out
	cat rss
}

@test "sha256text: a 100 MB line hashes like sha256sum" {
	head -c 100000000 /dev/zero | tr '\0' a > big
	want=$(sha256sum < big | cut -d' ' -f1)
	{ printf 'id\t'; cat big; } > rec
	run sha256text rec
	assert_success
	assert_output "id	$want"
}

@test "sha256text: a 100 MB line with --max-record 1M is rejected whole, in flat memory" {
	{ printf 'short\n'; head -c 100000000 /dev/zero | tr '\0' a; printf '\nlast\n'; } > in
	rss=$(/usr/bin/time -f %M sha256text -q --max-record 1M --rejects rej < in 2>&1 >out | tail -1)
	[ "$rss" -lt 30000 ]
	[ "$(wc -l < out)" -eq 2 ]
	[ "$(stat -c %s rej)" -eq 100000001 ]
}

@test "sha256text: 100,000 records of a few KB (260 MB) in flat memory" {
	"$GEN" en 100000 > in
	rss=$(maxrss in sha256text)
	[ "$rss" -lt 30000 ]
	[ "$(wc -l < out)" -eq 100000 ]
	[ "$(cut -f1 out | sort -u | wc -l)" -eq 100000 ]
}

@test "hamming: 3 million records in flat memory, every distance right" {
	"$GEN" fp 3000000 > in
	rss=$(maxrss in hamming)
	[ "$rss" -lt 30000 ]
	[ "$(wc -l < out)" -eq 3000000 ]
	# the generator flips one or two bits (the same bit twice gives 0)
	run bash -c "cut -f4 out | LC_ALL=C sort | uniq -c | awk '{print \$2}' | tr '\n' ' '"
	assert_output "0 1 2 "
}
