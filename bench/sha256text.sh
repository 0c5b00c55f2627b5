# sha256text: MB/s of text against openssl dgst -sha256 on the same bytes
"$tools/gen" en 80000 >"$tmp/en.tsv"
"$tools/gen" zh 50000 >"$tmp/zh.tsv"

echo "sha256text: text records of a few KB; baseline openssl dgst -sha256 on the same bytes"
if command -v openssl >/dev/null; then
	for lang in en zh; do
		f=$tmp/$lang.tsv
		size=$(mb "$f")
		ours=$(best sh_c '"$1" < "$2"' "$bin/sha256text" "$f")
		base=$(best sh_c 'openssl dgst -sha256 < "$1"' "$f")
		echo "  $lang $size MB: sha256text $(rate "$size" "$ours") MB/s," \
		    "openssl $(rate "$size" "$base") MB/s, ratio $(ratio "$ours" "$base")"
	done
else
	echo "  skipped: openssl is not installed (apt-get install openssl)"
fi
f=$tmp/en.tsv
size=$(mb "$f")
sum=$(best sh_c 'sha256sum < "$1"' "$f")
echo "  sha256sum on the en input: $(rate "$size" "$sum") MB/s"
for opt in --raw --nfkc --casefold; do
	t=$(best sh_c '"$1" "$2" < "$3"' "$bin/sha256text" "$opt" "$f")
	echo "  sha256text $opt on en: $(rate "$size" "$t") MB/s"
done
echo "  peak memory: $(peak_mb sh -c '"$1" < "$2"' - "$bin/sha256text" "$f") MB"
