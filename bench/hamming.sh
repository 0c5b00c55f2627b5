# hamming: records/s against cut on the same input
n=5000000
"$tools/gen" fp $n >"$tmp/fp.tsv"
f=$tmp/fp.tsv

echo "hamming: 5M records ID TAB FP TAB FP; baseline cut -f2,3 on the same input"
ours=$(best sh_c '"$1" < "$2"' "$bin/hamming" "$f")
base=$(best sh_c 'cut -f2,3 < "$1"' "$f")
echo "  hamming $(rate $n "$ours") records/s, cut $(rate $n "$base") records/s," \
    "ratio $(ratio "$ours" "$base")"
to=$(best sh_c '"$1" -t 0123456789abcdef -f 2 < "$2"' "$bin/hamming" "$f")
echo "  hamming -t (filter, -k 3) $(rate $n "$to") records/s"
