# fp_check N P M K TOL: fill a state file sized for N keys at rate P
# (which makes M bits and K probes) with N distinct keys, then run N other
# keys against it with -d.  The keys taken for seen ones in each run, all
# false positives, must number within the fraction TOL of what the Bloom
# filter formula (1 - e^(-K*i/M))^K, summed over the keys i already added,
# expects.  (Both runs add their keys as they go, so the rate rises from 0
# to P in the first and from P on in the second; tests/unit/bloom.c measures
# the rate at capacity itself, on 10^6 keys.)
fp_check() {
	local n=$1 p=$2 m=$3 k=$4 tol=$5 fill query
	seq -f 'https://example.com/k%.0f' 1 "$n" > keys
	seq -f 'https://example.com/q%.0f' 1 "$n" > other
	fill=$(seen -q -n "$n" -p "$p" --state s < keys | wc -l)
	fill=$((n - fill))
	query=$(seen -q -d --state s < other | wc -l)
	run awk -v n="$n" -v m="$m" -v k="$k" -v tol="$tol" -v fill="$fill" \
	    -v query="$query" 'BEGIN {
		for (i = 0; i < 2 * n; i++) {
			r = (1 - exp(-k * i / m)) ^ k
			if (i < n) e1 += r; else e2 += r
		}
		ok = fill > (1 - tol) * e1 && fill < (1 + tol) * e1 &&
		    query > (1 - tol) * e2 && query < (1 + tol) * e2
		printf "%s: %d false positives filling (expected %.0f), %d querying (expected %.0f)\n",
		    ok ? "ok" : "FAIL", fill, e1, query, e2 }'
	assert_output --regexp '^ok: '
}
