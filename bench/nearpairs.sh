# nearpairs: fingerprints/s at k = 3 for 1M and 10M random fingerprints
# with planted pairs, 1M with 2% of them in one bucket and 1M with few
# bits set (5 to 8: every block's bucket of zeros heavy); baseline: one
# LC_ALL=C sort (one thread) of the same file, the cost of ordering the
# data once.  Figures are the best of the runs: wall time, and CPU time
# (user + system), which other jobs on the machine disturb less.

# cpu CMD...: the least user + system seconds of $runs runs of CMD
cpu() {
	local b="" t
	for _ in $(seq "$runs"); do
		/usr/bin/time -f '%U %S' -o "$tmp/.cpu" "$@" >/dev/null
		t=$(awk '{ printf "%.3f", $1 + $2 }' "$tmp/.cpu")
		if [ -z "$b" ] || awk -v a="$t" -v b="$b" 'BEGIN { exit !(a < b) }'
		then b=$t; fi
	done
	echo "$b"
}

np_case() {	# np_case LABEL N FILE
	local label=$1 n=$2 f=$3 ours base ocpu bcpu
	ours=$(best sh_c '"$1" "$2"' "$bin/nearpairs" "$f")
	ocpu=$(cpu "$bin/nearpairs" "$f")
	base=$(best sh_c 'sort --parallel=1 "$1"' "$f")
	bcpu=$(cpu sort --parallel=1 "$f")
	echo "  $label: nearpairs $(rate "$n" "$ours") fingerprints/s" \
	    "(${ours} s, CPU ${ocpu} s, $(peak_mb "$bin/nearpairs" "$f") MB)," \
	    "sort $(rate "$n" "$base")/s (${base} s, CPU ${bcpu} s," \
	    "$(peak_mb sort --parallel=1 "$f") MB), ratio $(ratio "$ours" "$base")"
}

echo "nearpairs: k = 3, ID TAB FP records, half of them planted near an earlier one;" \
    "baseline LC_ALL=C sort --parallel=1 of the same file; load $(cut -d' ' -f1 /proc/loadavg)"
"$tools/npgen" planted 1000000 1 > "$tmp/np1m.tsv"
np_case "1M planted" 1000000 "$tmp/np1m.tsv"
"$tools/npgen" heavy 1000000 2 > "$tmp/np1mh.tsv"
np_case "1M, 2% in one bucket" 1000000 "$tmp/np1mh.tsv"
"$tools/npgen" sparse 1000000 4 > "$tmp/np1ms.tsv"
np_case "1M, few bits set" 1000000 "$tmp/np1ms.tsv"
rm -f "$tmp/np1m.tsv" "$tmp/np1mh.tsv" "$tmp/np1ms.tsv"
"$tools/npgen" planted 10000000 3 > "$tmp/np10m.tsv"
runs_saved=$runs
runs=$(( runs < 3 ? runs : 3 ))
np_case "10M planted" 10000000 "$tmp/np10m.tsv"
for t in 10 20; do
	echo "  10M with --tables $t: CPU $(cpu "$bin/nearpairs" --tables "$t" "$tmp/np10m.tsv") s"
done
runs=$runs_saved
rm -f "$tmp/np10m.tsv"
