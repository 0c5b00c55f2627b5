# seenlines: on a generated crawl of sites whose pages share template
# lines that extraction kept (bench/sitegen: a cookie notice, a menu, a
# share line, a newsletter box, a footer of two lines, each worded by its
# site; articles of random words or characters, with short headings such
# as "Background" every site uses), the share of template lines removed
# and of article lines wrongly removed, by lines and by characters; then
# MB/s of text on one core (CPU time, best of $runs), against sha256text
# on the same input.

# sl_score LABELS IN OUT: "template lines removed, article lines removed,
# template characters removed, article characters removed" (shares).
# OUT's texts are IN's with lines left out, so each OUT line is matched
# with the next IN line that equals it; the IN lines passed over were
# removed.
sl_score() {
	awk -F'\t' -v labels="$1" -v outf="$3" '
	    function count(cls, line, gone) {
		n[cls]++; c[cls] += length(line)
		if (gone) { r[cls]++; rc[cls] += length(line) }
	    }
	    {
		if ((getline lab < labels) <= 0 || (getline out < outf) <= 0)
			{ print "sl_score: short file" > "/dev/stderr"; exit 2 }
		split(lab, l, "\t"); split(out, o, "\t")
		ni = split($NF, a, /\\n/)
		no = o[3] == "" ? 0 : split(o[3], b, /\\n/)
		j = 1
		for (i = 1; i <= ni; i++) {
			keep = j <= no && a[i] == b[j]
			if (keep) j++
			count(substr(l[2], i, 1), a[i], !keep)
		}
	    }
	    END { printf "%.4f %.4f %.4f %.4f\n", r["b"] / n["b"], r["a"] / n["a"],
		rc["b"] / c["b"], rc["a"] / c["a"] }' "$2"
}

echo "seenlines: template lines removed and article lines wrongly removed" \
    "on a generated crawl (bench/sitegen); load $(cut -d' ' -f1-3 /proc/loadavg)"
"$tools/sitegen" 40 100 "$tmp/sl.labels" > "$tmp/sl.tsv"
echo "  40 sites (20 English, 20 Chinese) of 100 pages, $(wc -l < "$tmp/sl.tsv")" \
    "pages ($(mb "$tmp/sl.tsv") MB), $(awk -F'\t' '{ n += length($2) } END { print n }' "$tmp/sl.labels") lines:"
printf '    %-40s %9s %9s %9s %9s\n' "" "template" "article" "template" "article"
printf '    %-40s %9s %9s %9s %9s\n' "" "lines" "lines" "chars" "chars"
for opts in "" "--exact" "--min-chars 8" "--min-chars 1" "--count 3" "--count 3 --min-chars 8"; do
	# shellcheck disable=SC2086
	"$bin/seenlines" $opts "$tmp/sl.tsv" > "$tmp/sl.out"
	read -r b a bc ac < <(sl_score "$tmp/sl.labels" "$tmp/sl.tsv" "$tmp/sl.out")
	printf '    %-40s %9s %9s %9s %9s\n' "seenlines $opts" "$b" "$a" "$bc" "$ac"
done
echo "  (template: the share removed; article: the share wrongly removed;" \
    "--count 3 removes every copy of a line that 3 pages hold, the first too)"

echo "seenlines: MB/s of text on one core (CPU time, best of $runs);" \
    "baseline sha256text on the same input; load $(cut -d' ' -f1-3 /proc/loadavg)"
"$tools/sitegen" 100 400 /dev/null > "$tmp/sl-big.tsv"
size=$(mb "$tmp/sl-big.tsv")
base=$(cpu "$bin/sha256text" "$tmp/sl-big.tsv")
echo "  $size MB, $(wc -l < "$tmp/sl-big.tsv") pages: sha256text $(rate "$size" "$base") MB/s"
for opts in "" "--exact" "--count 3"; do
	# shellcheck disable=SC2086
	t=$(cpu "$bin/seenlines" $opts "$tmp/sl-big.tsv")
	# shellcheck disable=SC2086
	m=$(peak_mb "$bin/seenlines" $opts "$tmp/sl-big.tsv")
	echo "  seenlines ${opts:-(Bloom filter)}: $(rate "$size" "$t") MB/s," \
	    "$(ratio "$t" "$base") of sha256text's speed, peak $m MB"
done
rm -f "$tmp"/sl*
