# nearverify: candidate pairs verified and documents streamed per second
# of CPU time on 100k documents with their candidate pairs, against
# simhash -n 3 on the same documents (the cost of tokenizing each text
# once); then the whole recommended route (simhash -n 3 | nearpairs -k 4
# | nearverify --clusters) on NV_ROUTE_DOCS documents (default 1000000),
# with the time and peak memory of each step, and the candidate pairs a
# document.  NV_ROUTE_N=2 runs the route with two fingerprints instead,
# to compare.  CPU time (user + system) is the figure to compare, since
# other jobs share the machine.

# nv_cpu CMD...: the least user + system seconds of $nvruns runs of CMD
# (its peak memory in MB goes to $tmp/.nvmb)
nv_cpu() {
	local b="" t
	for _ in $(seq "$nvruns"); do
		/usr/bin/time -f '%U %S %M' -o "$tmp/.cpu" "$@" >/dev/null
		t=$(awk '{ printf "%.3f", $1 + $2 }' "$tmp/.cpu")
		awk '{ printf "%.1f\n", $3 / 1024 }' "$tmp/.cpu" > "$tmp/.nvmb"
		if [ -z "$b" ] || awk -v a="$t" -v b="$b" 'BEGIN { exit !(a < b) }'
		then b=$t; fi
	done
	echo "$b"
}

nv_case() {	# nv_case LABEL DOCS PAIRS
	local label=$1 d=$2 p=$3 ndocs npairs ours base mem
	ndocs=$(wc -l < "$d")
	npairs=$(wc -l < "$p")
	ours=$(nv_cpu "$bin/nearverify" -d "$d" "$p")
	mem=$(cat "$tmp/.nvmb")
	base=$(nv_cpu "$bin/simhash" -n 3 "$d")
	echo "  $label: $ndocs documents ($(mb "$d") MB), $npairs candidate pairs:"
	echo "    nearverify CPU $ours s, $(rate "$npairs" "$ours") pairs/s," \
	    "$(rate "$ndocs" "$ours") documents/s, $mem MB;" \
	    "simhash -n 3 $(rate "$ndocs" "$base") documents/s (CPU $base s)," \
	    "ratio $(ratio "$ours" "$base")"
	"$bin/nearverify" -v -d "$d" "$p" 2>&1 >/dev/null | sed 's/^/    /'
}

nvruns=$(( runs < 2 ? runs : 2 ))
echo "nearverify: pairs verified and documents streamed per second of CPU" \
    "time (best of $nvruns); baseline simhash -n 3 on the same documents;" \
    "load $(cut -d' ' -f1-3 /proc/loadavg)"
# bench/gen's English is a salad of 20 syllables: every text is near many
# others by its fingerprints and like none by its shingles, so each
# document has about 150 candidates to refute (the most work a pair can
# be)
"$tools/gen" en 100000 > "$tmp/nv-en.tsv"
"$bin/simhash" -n 3 "$tmp/nv-en.tsv" | "$bin/nearpairs" -k 4 > "$tmp/nv-en.pairs"
nv_case "English, candidates of random text" "$tmp/nv-en.tsv" "$tmp/nv-en.pairs"
rm -f "$tmp/nv-en.tsv" "$tmp/nv-en.pairs"
# random Chinese, half the documents with 1 to 3 copies edited by 0 to 10%
"$tools/gen" zh 50000 | "$tools/nvgen" 1 > "$tmp/nv-zh.tsv"
"$bin/simhash" -n 3 "$tmp/nv-zh.tsv" | "$bin/nearpairs" -k 4 > "$tmp/nv-zh.pairs"
nv_case "Chinese with planted copies" "$tmp/nv-zh.tsv" "$tmp/nv-zh.pairs"
rm -f "$tmp/nv-zh.tsv" "$tmp/nv-zh.pairs"

# the route, one run of each step
n=${NV_ROUTE_DOCS:-1000000}
nfp=${NV_ROUTE_N:-3}
"$tools/gen" zh $(( n / 2 )) | "$tools/nvgen" 2 | head -n "$n" > "$tmp/nv-route.tsv"
echo "nearverify: the route on $(wc -l < "$tmp/nv-route.tsv") documents" \
    "($(mb "$tmp/nv-route.tsv") MB: bench/gen's Chinese, half with 1 to 3" \
    "edited copies; NV_ROUTE_DOCS=$n, NV_ROUTE_N=$nfp);" \
    "load $(cut -d' ' -f1-3 /proc/loadavg)"
nv_step() {	# nv_step LABEL OUT CMD...
	local label=$1 out=$2
	shift 2
	/usr/bin/time -f '%e %U %S %M' -o "$tmp/.step" "$@" > "$out"
	awk -v l="$label" '{ printf "  %-34s %7.1f s, CPU %7.1f s, peak %7.1f MB\n",
	    l, $1, $2 + $3, $4 / 1024 }' "$tmp/.step"
}
nv_step "simhash -n $nfp" "$tmp/nv-route.fp" "$bin/simhash" -n "$nfp" "$tmp/nv-route.tsv"
nv_step "nearpairs -k 4" "$tmp/nv-route.pairs" "$bin/nearpairs" -k 4 "$tmp/nv-route.fp"
nv_step "nearverify -d DOCS --clusters" "$tmp/nv-route.cl" \
    "$bin/nearverify" -d "$tmp/nv-route.tsv" --clusters "$tmp/nv-route.pairs"
nv_step "baseline: sha256text" /dev/null "$bin/sha256text" "$tmp/nv-route.tsv"
npairs=$(wc -l < "$tmp/nv-route.pairs")
echo "  $npairs candidate pairs ($(awk -v p="$npairs" -v d="$(wc -l < "$tmp/nv-route.tsv")" \
    'BEGIN { printf "%.2f", p / d }') a document)," \
    "$(wc -l < "$tmp/nv-route.cl") documents in" \
    "$(awk -F'\t' '$1 == $2' "$tmp/nv-route.cl" | wc -l) clusters"
rm -f "$tmp"/nv-route.*
