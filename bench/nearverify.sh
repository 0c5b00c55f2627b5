# nearverify: candidate pairs verified and documents streamed per second
# of CPU time on 100k documents with their candidate pairs, against
# simhash -n 7 on the same documents (the cost of tokenizing each text
# once); then the whole recommended route (simhash -n 7 | nearpairs -k 4
# | nearverify --clusters) and the one before it (-n 3, -k 4) on the same
# NV_ROUTE_DOCS documents (default 100000; NV_BIG=1 makes it 1000000,
# issue 21's scale: some 10 GB under BENCH_TMP and 40 minutes) of
# bench/gen's Chinese and of its Zipf English (gen zipf), half of them
# with planted copies, with the time and peak memory of each step, the
# candidate pairs a document and the planted pairs found; NV_ROUTE_ROUNDS
# rounds (default 1) of both routes on the same input, each with its ratio
# (NV_ROUTE_N and NV_ROUTE_K choose another route).  Not on gen en: its 20
# syllables make every text near many others (45 million candidate pairs
# among a million texts at -k 4, and so do texts made of random sentences
# of real English, 5 a text), which measures the refutation of false
# candidates, not a crawl; gen zipf's texts are as far apart by their
# fingerprints as real English prose is (bench/gen.c).  CPU time (user +
# system) is the figure to compare, since other jobs share the machine.
#
# Then the peer: MinHash LSH (bench/minhash.c, the method of text-dedup,
# datatrove, datasketch and NeMo Curator) beside the route on the same
# labelled texts, simeval's (simeval --emit, scored by simeval --score:
# recall on edits of at most 5% and of 10%, precision against different
# texts), and on the planted Chinese copies: its candidates verified by
# nearverify as the route's are, at text-dedup's defaults (5-token
# shingles, 256 permutations, threshold 0.7: 25 bands of 10 rows,
# verified at Jaccard 0.7 on the same shingles) and at the setting that
# finds the most (3-token shingles, 256, 0.3: 64 bands of 4, verified at
# 0.3 as the route is).  CPU time and peak memory of each whole route.

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
	base=$(nv_cpu "$bin/simhash" -n 7 "$d")
	echo "  $label: $ndocs documents ($(mb "$d") MB), $npairs candidate pairs:"
	echo "    nearverify CPU $ours s, $(rate "$npairs" "$ours") pairs/s," \
	    "$(rate "$ndocs" "$ours") documents/s, $mem MB;" \
	    "simhash -n 7 $(rate "$ndocs" "$base") documents/s (CPU $base s)," \
	    "ratio $(ratio "$ours" "$base")"
	"$bin/nearverify" -v -d "$d" "$p" 2>&1 >/dev/null | sed 's/^/    /'
}

nvruns=$(( runs < 2 ? runs : 2 ))
echo "nearverify: pairs verified and documents streamed per second of CPU" \
    "time (best of $nvruns); baseline simhash -n 7 on the same documents;" \
    "load $(cut -d' ' -f1-3 /proc/loadavg)"
# bench/gen's English is a salad of 20 syllables: every text is near many
# others by its fingerprints and like none by its shingles, so each
# document has about 150 candidates to refute (the most work a pair can
# be)
"$tools/gen" en 100000 > "$tmp/nv-en.tsv"
"$bin/simhash" -n 7 "$tmp/nv-en.tsv" | "$bin/nearpairs" -k 4 > "$tmp/nv-en.pairs"
nv_case "English, candidates of random text" "$tmp/nv-en.tsv" "$tmp/nv-en.pairs"
rm -f "$tmp/nv-en.tsv" "$tmp/nv-en.pairs"
# random Chinese, half the documents with 1 to 3 copies edited by 0 to 10%
"$tools/gen" zh 50000 | "$tools/nvgen" 1 > "$tmp/nv-zh.tsv"
"$bin/simhash" -n 7 "$tmp/nv-zh.tsv" | "$bin/nearpairs" -k 4 > "$tmp/nv-zh.pairs"
nv_case "Chinese with planted copies" "$tmp/nv-zh.tsv" "$tmp/nv-zh.pairs"
rm -f "$tmp/nv-zh.tsv" "$tmp/nv-zh.pairs"

# the route, one run of each step a round, on Chinese and on English
if [ "${NV_BIG:-0}" = 1 ]; then n=1000000; else n=${NV_ROUTE_DOCS:-100000}; fi
nfp=${NV_ROUTE_N:-7}
nk=${NV_ROUTE_K:-4}
nv_step() {	# nv_step LABEL OUT CMD...
	local label=$1 out=$2
	shift 2
	/usr/bin/time -f '%e %U %S %M' -o "$tmp/.step" "$@" > "$out"
	awk -v l="$label" '{ printf "  %-34s %7.1f s, CPU %7.1f s, peak %7.1f MB\n",
	    l, $1, $2 + $3, $4 / 1024 }' "$tmp/.step"
	awk '{ printf "%.2f\n", $2 + $3 }' "$tmp/.step" >> "$tmp/.route"
}
# found PAIRS: the pairs of PAIRS whose IDs are of one document (ID, ID~1,
# ID~2, ...) as a share of the planted ones, and those of two documents
found() {
	awk -F'\t' -v truth="$ntruth" '{ a = $1; b = $2; sub(/~.*/, "", a)
	    sub(/~.*/, "", b); if (a == b) tp++; else fp++ }
	    END { printf "%.3f of the planted pairs, %d of different documents",
	        tp / truth, fp }' "$1"
}
for lang in zh zipf; do
	"$tools/gen" "$lang" $(( n / 2 )) | "$tools/nvgen" 2 | head -n "$n" > "$tmp/nv-route.tsv"
	ndocs=$(wc -l < "$tmp/nv-route.tsv")
	ntruth=$(cut -f1 "$tmp/nv-route.tsv" | sed 's/~.*//' | sort | uniq -c |
	    awk '{ t += $1 * ($1 - 1) / 2 } END { print t }')
	echo "nearverify: the route on $ndocs documents" \
	    "($(mb "$tmp/nv-route.tsv") MB: bench/gen's $lang" \
	    "($([ "$lang" = zh ] && echo Chinese || echo Zipf English)), half with 1 to 3" \
	    "copies edited by 0 to 10%, $ntruth planted pairs; NV_ROUTE_DOCS=$n)," \
	    "the recommended one (NV_ROUTE_N=$nfp, NV_ROUTE_K=$nk) and the one" \
	    "before it (-n 3, -k 4); load $(cut -d' ' -f1-3 /proc/loadavg)"
	for round in $(seq "${NV_ROUTE_ROUNDS:-1}"); do
		for r in "$nfp $nk" "3 4"; do
			set -- $r
			: > "$tmp/.route"
			nv_step "simhash -n $1" "$tmp/nv-route.fp" "$bin/simhash" -n "$1" "$tmp/nv-route.tsv"
			nv_step "nearpairs -k $2" "$tmp/nv-route.pairs" "$bin/nearpairs" -k "$2" "$tmp/nv-route.fp"
			nv_step "nearverify -d DOCS --clusters" "$tmp/nv-route.cl" \
			    "$bin/nearverify" -d "$tmp/nv-route.tsv" --clusters "$tmp/nv-route.pairs"
			cpu_route=$(awk '{ t += $1 } END { printf "%.1f", t }' "$tmp/.route")
			npairs=$(wc -l < "$tmp/nv-route.pairs")
			echo "  -n $1 -k $2: CPU $cpu_route s; $npairs candidate pairs" \
			    "($(awk -v p="$npairs" -v d="$ndocs" \
			    'BEGIN { printf "%.2f", p / d }') a document: $(found \
			    "$tmp/nv-route.pairs")), $(wc -l < "$tmp/nv-route.cl")" \
			    "documents in $(awk -F'\t' '$1 == $2' "$tmp/nv-route.cl" |
			    wc -l) clusters"
			# the pairs confirmed (untimed: the timed step wrote clusters)
			if [ "$round" = 1 ]; then
				"$bin/nearverify" -d "$tmp/nv-route.tsv" "$tmp/nv-route.pairs" \
				    > "$tmp/nv-route.ok"
				echo "  -n $1 -k $2: confirmed $(found "$tmp/nv-route.ok")"
			fi
			if [ "$r" = "3 4" ]; then
				echo "  round $round: the recommended route's CPU time is" \
				    "$(awk -v a="$cpu_first" -v b="$cpu_route" 'BEGIN { printf "%.2f", a / b }')" \
				    "times that of -n 3 -k 4; load $(cut -d' ' -f1-3 /proc/loadavg)"
			fi
			cpu_first=$cpu_route
		done
	done
	nv_step "baseline: sha256text" /dev/null "$bin/sha256text" "$tmp/nv-route.tsv"
	rm -f "$tmp"/nv-route.*
done

# run_route OUT CMD... | CMD...: the steps of a route (separated by "|"
# arguments), each timed, each reading the output of the one before (a
# file named last); the last step's output to OUT, the one before it (the
# candidate pairs) to OUT.cand.  Sets rt_cpu (user + system, summed) and
# rt_mb (the largest peak).
run_route() {
	local out=$1 step=0 u sy m
	local -a args
	shift
	rt_cpu=0 rt_mb=0
	while [ $# -gt 0 ]; do
		args=()
		while [ $# -gt 0 ] && [ "$1" != "|" ]; do args+=("$1"); shift; done
		[ $# -gt 0 ] && shift
		[ "$step" -gt 0 ] && args+=("$out.$step")
		step=$((step + 1))
		/usr/bin/time -f '%U %S %M' -o "$tmp/.rt" "${args[@]}" > "$out.$step"
		read -r u sy m < "$tmp/.rt"
		rt_cpu=$(awk -v a="$rt_cpu" -v u="$u" -v s="$sy" 'BEGIN { printf "%.2f", a + u + s }')
		rt_mb=$(awk -v a="$rt_mb" -v m="$m" 'BEGIN { m /= 1024; printf "%.1f", (m > a ? m : a) }')
	done
	mv "$out.$step" "$out"
	mv "$out.$((step - 1))" "$out.cand"
	rm -f "$out".[0-9]*
}

mh_routes() {	# mh_routes SCORER DOCS: the route and the peers, a row each
	local scorer=$1 d=$2 base="" label
	printf '    %-48s %6s %6s %7s %10s %8s %8s %7s\n' route 'R<=5%' 'R10%' \
	    P candidates 'CPU s' 'peak MB' 'CPU x'
	for r in route before textdedup best; do
		case $r in
		route)
			label="simhash -n 7 | nearpairs -k 4 | nearverify"
			run_route "$tmp/mh.out" "$bin/simhash" -n 7 "$d" "|" \
			    "$bin/nearpairs" -k 4 "|" "$bin/nearverify" -d "$d" ;;
		before)
			label="simhash -n 3 | nearpairs -k 4 | nearverify"
			run_route "$tmp/mh.out" "$bin/simhash" -n 3 "$d" "|" \
			    "$bin/nearpairs" -k 4 "|" "$bin/nearverify" -d "$d" ;;
		textdedup)
			label="minhash 5-shingles 256 t=0.7 (25x10), verified"
			run_route "$tmp/mh.out" "$tools/minhash" --shingle 5 -t 0.7 "$d" "|" \
			    "$bin/nearverify" --shingle 5 --min 0.7 -d "$d" ;;
		best)
			label="minhash 3-shingles 256 t=0.3 (64x4), verified"
			run_route "$tmp/mh.out" "$tools/minhash" --shingle 3 -t 0.3 "$d" "|" \
			    "$bin/nearverify" -d "$d" ;;
		esac
		[ -n "$base" ] || base=$rt_cpu
		"$scorer" "$tmp/mh.out" > "$tmp/.score"
		read -r r5 r10 p < "$tmp/.score"
		printf '    %-48s %6s %6s %7s %10s %8s %8s %7s\n' "$label" "$r5" "$r10" \
		    "$p" "$(wc -l < "$tmp/mh.out.cand")" "$rt_cpu" "$rt_mb" \
		    "$(awk -v a="$rt_cpu" -v b="$base" 'BEGIN { printf "%.2f", a / b }')"
	done
	rm -f "$tmp"/mh.out*
}

# simeval's scores of a route's pairs: "R5 R10 P"
simeval_scorer() {
	"$tools/simeval" --lang "$mh_lang" --score "$1" "$tmp/mh-docs.tsv" |
	    awk '{ for (i = 1; i < NF; i++) { if ($i == "R<=5%") r5 = $(i + 1)
	        if ($i == "R5-10%") r10 = $(i + 1); if ($i == "P") p = $(i + 1) }
	        print r5, r10, p }'
}
# planted copies: a pair is true when its IDs are of one document (ID,
# ID~1, ID~2, ...): "- R P" (nvgen does not say how much a copy changed)
planted_scorer() {
	awk -F'\t' -v cand="$tmp/mh-planted.truth" '
	    BEGIN { while ((getline l < cand) > 0) truth++ }
	    { a = $1; b = $2; sub(/~.*/, "", a); sub(/~.*/, "", b)
	      if (a == b) tp++; else fp++ }
	    END { printf "- %.3f %.4f\n", tp / truth, tp + fp ? tp / (tp + fp) : 1 }' "$1"
}

echo "nearverify: the route and MinHash LSH (bench/minhash) on the same" \
    "documents; CPU x is the CPU time over the route's;" \
    "load $(cut -d' ' -f1-3 /proc/loadavg)"
[ -s "$tmp/simeval-docs.tsv" ] ||
	sh "$here/simeval-docs" "$here/../../shared" > "$tmp/simeval-docs.tsv"
cp "$tmp/simeval-docs.tsv" "$tmp/mh-docs.tsv"
for mh_lang in en zh; do
	"$tools/simeval" --lang "$mh_lang" --emit "$tmp/mh-$mh_lang.tsv" "$tmp/mh-docs.tsv"
	echo "  simeval's labelled texts, $mh_lang: $(wc -l < "$tmp/mh-$mh_lang.tsv")" \
	    "texts ($(mb "$tmp/mh-$mh_lang.tsv") MB), recall on edits <=5% and 10%," \
	    "precision against different texts:"
	mh_routes simeval_scorer "$tmp/mh-$mh_lang.tsv"
	rm -f "$tmp/mh-$mh_lang.tsv"
done
"$tools/gen" zh 25000 | "$tools/nvgen" 3 > "$tmp/mh-planted.tsv"
# the true pairs: every two records of one document
cut -f1 "$tmp/mh-planted.tsv" | sed 's/~.*//' | LC_ALL=C sort | uniq -c |
    awk '{ for (i = 0; i < $1 * ($1 - 1) / 2; i++) print $2 }' > "$tmp/mh-planted.truth"
echo "  bench/gen's Chinese with planted copies (edits of 0 to 10%):" \
    "$(wc -l < "$tmp/mh-planted.tsv") documents ($(mb "$tmp/mh-planted.tsv") MB)," \
    "$(wc -l < "$tmp/mh-planted.truth") planted pairs:"
mh_routes planted_scorer "$tmp/mh-planted.tsv"
echo "  (R10% here: the share of the planted pairs found, copies edited by 0 to" \
    "10%; random characters, no word repeated, are SimHash's worst case)"
rm -f "$tmp"/mh-*
