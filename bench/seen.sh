# seen: records/s and peak memory on 10M URL-like keys (half of them
# repeats), against awk '!a[$0]++' and LC_ALL=C sort -u on the same input.
# The baselines take tens of seconds a run: SEEN_BASE_RUNS (default 1) of
# them.  With the machine busy, compare the user CPU seconds.
n=10000000
"$tools/seenkeys" $n >"$tmp/urls.txt"
f=$tmp/urls.txt
base_runs=${SEEN_BASE_RUNS:-1}

# line NAME SECONDS SCRIPT ARG...: records/s from SECONDS; the peak
# memory and the user and system CPU seconds of one more run of SCRIPT
# (as for sh_c)
line() {
	local name=$1 t=$2 script=$3
	shift 3
	/usr/bin/time -f '%M %U %S' -o "$tmp/.time" sh -c "$script" - "$@" >/dev/null
	read -r kb user sys < "$tmp/.time"
	printf '  %-20s %9s records/s  %7s MB peak  CPU %ss user %ss sys\n' \
	    "$name" "$(rate $n "$t")" "$(awk -v k="$kb" 'BEGIN { printf "%.1f", k / 1024 }')" \
	    "$user" "$sys"
}

echo "seen: $n URLs ($(mb "$f") MB, $(sh_c 'LC_ALL=C sort -u "$1" | wc -l' "$f") distinct)," \
    "baselines awk '!a[\$0]++' and LC_ALL=C sort -u"
ours=$(best sh_c '"$1" < "$2"' "$bin/seen" "$f")
exact=$(best sh_c '"$1" --exact < "$2"' "$bin/seen" "$f")
state=$(best sh_c 'rm -f "$3" && "$1" --state "$3" < "$2"' "$bin/seen" "$f" \
    "$tmp/state")
saved_runs=$runs
runs=$base_runs
awkt=$(best sh_c 'awk '\''!a[$0]++'\'' < "$1"' "$f")
sortt=$(best sh_c 'LC_ALL=C sort -u < "$1"' "$f")
runs=$saved_runs
line "seen (Bloom, 1%)" "$ours" '"$1" < "$2"' "$bin/seen" "$f"
line "seen --state (new)" "$state" 'rm -f "$3" && "$1" --state "$3" < "$2"' \
    "$bin/seen" "$f" "$tmp/state"
line "seen --exact" "$exact" '"$1" --exact < "$2"' "$bin/seen" "$f"
line "awk '!a[\$0]++'" "$awkt" 'awk '\''!a[$0]++'\'' < "$1"' "$f"
line "LC_ALL=C sort -u" "$sortt" 'LC_ALL=C sort -u < "$1"' "$f"
echo "  seen is $(ratio "$ours" "$awkt")x awk and $(ratio "$ours" "$sortt")x sort -u;" \
    "seen --exact $(ratio "$exact" "$awkt")x awk"
rm -f "$f" "$tmp/state" "$tmp/state.lock"
