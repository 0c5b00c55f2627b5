# Shared by the bench/*.sh sections (sourced by bench/run): where things
# are, and how to time and report them.  Every figure is the best of $runs
# runs, and every rate is printed next to a baseline measured in the same
# run on the same input, as a ratio.

# best CMD...: the fastest of $runs runs of CMD (stdout discarded), seconds
best() {
	local b="" t0 t1 t
	for _ in $(seq "$runs"); do
		t0=$(date +%s%N)
		"$@" >/dev/null
		t1=$(date +%s%N)
		t=$((t1 - t0))
		if [ -z "$b" ] || [ "$t" -lt "$b" ]; then b=$t; fi
	done
	awk -v ns="$b" 'BEGIN { printf "%.4f", ns / 1e9 }'
}

# cpu CMD...: the least user + system time of $runs runs of CMD, seconds
cpu() {
	local b="" t
	for _ in $(seq "$runs"); do
		/usr/bin/time -f '%U %S' -o "$tmp/.cpu" "$@" >/dev/null 2>&1
		t=$(awk '{ printf "%.3f", $1 + $2 }' "$tmp/.cpu")
		if [ -z "$b" ] || awk -v a="$t" -v b="$b" 'BEGIN { exit !(a < b) }'; then
			b=$t
		fi
	done
	echo "$b"
}

# peak_mb CMD...: peak resident memory of one run of CMD, in MB (CMD is
# run by /usr/bin/time: a program, not a shell function such as sh_c)
peak_mb() {
	/usr/bin/time -f %M -o "$tmp/.rss" "$@" >/dev/null
	awk '{ printf "%.1f", $1 / 1024 }' "$tmp/.rss"
}

# sh_c 'SCRIPT' ARG...: run SCRIPT with sh, "$1"... being the ARGs, so
# redirections can be timed without quoting trouble
sh_c() {
	local script=$1
	shift
	sh -c "$script" - "$@"
}

# med: the median of the numbers on stdin, one a line (the mean of the
# two middle ones when there is an even number of them)
med() {
	sort -g | awk '{ v[NR] = $1 }
	    END { printf "%.2f", NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
# range: the least and the greatest of the numbers on stdin, "MIN-MAX"
range() {
	sort -g | awk 'NR == 1 { a = $1 } { b = $1 } END { printf "%.2f-%.2f", a, b }'
}

mb() { awk -v b="$(stat -c %s "$1")" 'BEGIN { printf "%.1f", b / 1048576 }'; }
# ratio OURS BASE: how many times faster ours is (>1 is better)
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b / a }'; }
# rate COUNT SECONDS
rate() { awk -v n="$1" -v t="$2" 'BEGIN { printf "%.0f", n / t }'; }
