# urlnorm: URLs/s on real URLs and on a harder mix, against cut and
# Node's URL (ada inside) on the same input.
corpus=$here/../../shared/corpora/url/kasztp.txt
if [ -f "$corpus" ]; then
	kname="kasztp.txt x 20"
	for _ in $(seq 20); do cat "$corpus"; echo; done > "$tmp/k.txt"
else
	# a plain clone has the 2,000-URL sample only
	kname="tests/data/url/kasztp-sample.txt x 480 (../shared/corpora/url/kasztp.txt not found)"
	for _ in $(seq 480); do cat "$here/../tests/data/url/kasztp-sample.txt"; done > "$tmp/k.txt"
fi
"$tools/gen" links 500000 > "$tmp/mix.tsv"

# Node's WHATWG URL: each line, or "BASE TAB HREF", to its href
cat > "$tmp/url.js" <<'JS'
const fs = require('fs');
const lines = fs.readFileSync(process.argv[2], 'utf8').split('\n');
const based = process.argv[3] === 'base', out = [];
if (lines[lines.length - 1] === '') lines.pop();
for (const l of lines) {
	try {
		if (based) {
			const t = l.indexOf('\t');
			out.push(new URL(l.slice(t + 1), l.slice(0, t) || undefined).href);
		} else
			out.push(new URL(l).href);
	} catch (e) {
		out.push('');
	}
}
fs.writeSync(1, out.join('\n') + '\n');
JS

echo "urlnorm: URLs/s, whole process; baselines cut and node (new URL().href) on the same input"
echo "  (best of $runs runs; load average $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores)"
# section NAME FILE URLS URLNORM-ARGS CUT-FIELD NODE-MODE
section() {
	local name=$1 f=$2 n=$3 args=$4 cutf=$5 mode=$6 ours whatwg base nodet
	ours=$(best sh_c '"$1" -q '"$args"' < "$2"' "$bin/urlnorm" "$f")
	whatwg=$(best sh_c '"$1" -q --profile whatwg '"$args"' < "$2"' "$bin/urlnorm" "$f")
	base=$(best sh_c 'cut -f'"$cutf"' < "$1"' "$f")
	echo "  $name, $n URLs, $(mb "$f") MB:"
	echo "    urlnorm (safe) $(rate "$n" "$ours") URLs/s, --profile whatwg" \
	    "$(rate "$n" "$whatwg") URLs/s; cut -f$cutf $(rate "$n" "$base") URLs/s," \
	    "ratio to cut $(ratio "$ours" "$base")"
	if command -v node >/dev/null; then
		nodet=$(best node "$tmp/url.js" "$f" "$mode")
		echo "    node $(rate "$n" "$nodet") URLs/s; ratio to node: safe" \
		    "$(ratio "$ours" "$nodet"), whatwg $(ratio "$whatwg" "$nodet")"
	else
		echo "    node: skipped, not installed (apt-get install nodejs)"
	fi
}
section "$kname" "$tmp/k.txt" "$(wc -l < "$tmp/k.txt")" "" 1 plain
section "harder mix (gen links: BASE TAB HREF, a third relative, long queries, IDN hosts)" \
    "$tmp/mix.tsv" 500000 "-f 2 --base-field 1" 2 base
# (sh -c, not sh_c: /usr/bin/time runs programs, not shell functions)
echo "  peak memory on the mix: $(peak_mb sh -c '"$1" -q -f 2 --base-field 1 < "$2"' \
    - "$bin/urlnorm" "$tmp/mix.tsv") MB"
