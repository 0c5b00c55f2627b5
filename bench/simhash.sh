# simhash: MB/s of text against sha256text on the same input, then the
# labelled evaluation of the fingerprints (bench/simeval.c)
"$tools/gen" en 40000 >"$tmp/simhash-en.tsv"
"$tools/gen" zh 25000 >"$tmp/simhash-zh.tsv"
# real prose too: the evaluation's documents, repeated to about 60 MB
sh "$here/simeval-docs" "$here/../../shared" >"$tmp/simeval-docs.tsv"
for lang in en zh; do
	awk -F'\t' -v l=$lang '$1 == l { print $3 "\t" $4 }' "$tmp/simeval-docs.tsv" >"$tmp/real1.tsv"
	: >"$tmp/simhash-real-$lang.tsv"
	while [ "$(stat -c %s "$tmp/simhash-real-$lang.tsv")" -lt 60000000 ]; do
		cat "$tmp/real1.tsv" >>"$tmp/simhash-real-$lang.tsv"
	done
done

# cpu CMD...: the least CPU time (user + system) of $runs runs, seconds:
# other builds share the machine, and CPU time suffers less from them
cpu() {
	local b="" t
	for _ in $(seq "$runs"); do
		/usr/bin/time -f '%U %S' -o "$tmp/.cpu" "$@" >/dev/null
		t=$(awk '{ printf "%.3f", $1 + $2 }' "$tmp/.cpu")
		b=$(awk -v a="$t" -v b="$b" 'BEGIN { print (b == "" || a < b) ? a : b }')
	done
	echo "$b"
}

echo "simhash: MB/s of text on one core (CPU time, best of $runs);" \
    "baseline sha256text on the same input"
echo "  load average: $(cut -d' ' -f1-3 /proc/loadavg)"
for input in en zh real-en real-zh; do
	f=$tmp/simhash-$input.tsv
	size=$(mb "$f")
	ours=$(cpu "$bin/simhash" "$f")
	base=$(cpu "$bin/sha256text" "$f")
	two=$(cpu "$bin/simhash" -n 2 "$f")
	three=$(cpu "$bin/simhash" -n 3 "$f")
	echo "  $input $size MB: simhash $(rate "$size" "$ours") MB/s" \
	    "(-n 2: $(rate "$size" "$two") MB/s, -n 3, the route's:" \
	    "$(rate "$size" "$three") MB/s), sha256text $(rate "$size" "$base") MB/s," \
	    "ratio $(ratio "$ours" "$base")"
done
echo "  (en, zh: bench/gen's synthetic text, every Chinese character about"
echo "  equally likely; real-en, real-zh: licences, manual pages, the seeds and"
echo "  the readability corpus, where characters repeat as in real text)"
for input in real-en real-zh; do
	f=$tmp/simhash-$input.tsv
	icu=$(cpu "$bin/sha256text" --nfkc --casefold "$f")
	echo "  for scale, ICU's NFKC and case folding of the $input text alone" \
	    "(sha256text --nfkc --casefold): $(rate "$(mb "$f")" "$icu") MB/s"
done
echo "  peak memory: $(peak_mb "$bin/simhash" "$tmp/simhash-en.tsv") MB"

echo "simhash: labelled evaluation (simeval); defaults chosen on part A"
for p in A B all; do
	echo "--- part $p"
	"$tools/simeval" -p "$p" "$tmp/simeval-docs.tsv"
done
echo "--- documents of at most 400 tokens, all parts"
"$tools/simeval" --max-tokens 400 --summary "$tmp/simeval-docs.tsv"
echo "--- -n 2 (a pair counts when either fingerprint is within k), all parts"
"$tools/simeval" -n 2 --summary "$tmp/simeval-docs.tsv"
echo "--- baseline: plain term-frequency votes, digits kept, all parts"
"$tools/simeval" --weight tf --keep-digits --summary "$tmp/simeval-docs.tsv"

# The larger Chinese set: Debian's manpages-zh, where it is installed
# (apt-get install manpages-zh; simeval-docs leaves it out of the set
# above).  About 1400 pieces instead of 107.
sh "$here/simeval-docs" --manpages-zh >"$tmp/simeval-zhman.tsv" 2>/dev/null || :
if [ -s "$tmp/simeval-zhman.tsv" ]; then
	for p in A B; do
		echo "--- larger Chinese set (manpages-zh), part $p"
		"$tools/simeval" --lang zh --compact -p "$p" "$tmp/simeval-zhman.tsv"
		"$tools/simeval" --lang zh --routes -p "$p" "$tmp/simeval-zhman.tsv" | sed -n 1,8p
	done
else
	echo "--- larger Chinese set: manpages-zh is not installed, left out"
fi
