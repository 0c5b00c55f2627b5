# seenlines: the lines of earlier documents removed from each text, or
# (--count) the lines many documents hold.  The filter is checked against
# a reference written here in awk (reference below) on generated crawls,
# in Bloom and exact modes, with and without --count; then state files,
# CRLF and NUL bytes in texts, empty texts and the options one by one.
bats_require_minimum_version 1.5.0
load helper

PROG=seenlines
tools=$BATS_TEST_DIRNAME/../build/bench

# reference MIN [COUNT] < DOCS: what seenlines --min-chars MIN (with
# --count COUNT when given) writes, for ASCII texts (awk counts bytes):
# white space runs, \t and \r one space, none at the ends; a line of an
# earlier text is removed, a line twice in a text as its first copy; a
# short line only when it was removed by that rule and the nearest long
# lines around it go too (the text's ends counting as such, not both).
reference() {
	awk -F'\t' -v OFS='\t' -v min="$1" -v count="${2:-0}" '
	function norm(s) {
		gsub(/\\t|\\r/, " ", s); gsub(/[ \t]+/, " ", s)
		sub(/^ /, "", s); sub(/ $/, "", s); return s
	}
	function lines(text) {
		n = split(text, L, /\\n/)
		for (i = 1; i <= n; i++) {
			key[i] = norm(L[i]); short[i] = length(key[i]) < min
		}
	}
	count && FNR == NR {
		lines($NF); delete once
		for (i = 1; i <= n; i++)
			if (key[i] != "" && !(key[i] in once)) { once[key[i]] = 1; cnt[key[i]]++ }
		next
	}
	{
		lines($NF); delete first; delete gone; any = 0
		for (i = 1; i <= n; i++) {
			gone[i] = 0
			if (key[i] == "") continue
			if (key[i] in first) gone[i] = gone[first[key[i]]]
			else {
				first[key[i]] = i
				gone[i] = count ? cnt[key[i]] >= count : key[i] in seen
			}
		}
		before = -1; i = 1
		while (i <= n) {
			if (key[i] == "") { i++; continue }
			if (!short[i]) { before = gone[i]; i++; continue }
			for (j = i; j <= n && (key[j] == "" || short[j]); j++) ;
			after = j <= n ? gone[j] : -1
			for (x = i; x < j; x++)
				if (gone[x]) gone[x] = before != 0 && after != 0 && !(before < 0 && after < 0)
			i = j
		}
		out = ""; k = 0; empty = 1
		for (i = 1; i <= n; i++) {
			if (gone[i]) { any = 1; continue }
			out = out (k++ ? "\\n" : "") L[i]
			if (key[i] != "") empty = 0
		}
		for (w in first) seen[w] = 1
		$NF = any && empty ? "" : out
		print
	}' ${2:+"$3"} "${3:--}"
}

# a crawl of ASCII sites with its white space roughed up: doubled and
# trailing spaces, \t escapes, a \r before some line ends, blank lines,
# a text that is all template, and lines repeated inside one text
mkcrawl() {
	"$tools/sitegen" "$1" "$2" /dev/null |
	    awk -F'\t' -v OFS='\t' -v ascii="${3:-1}" '
	    ascii && $1 ~ /^site[0-9]*[13579]\./ { next }
	    { n = split($3, L, /\\n/); s = ""
	      for (i = 1; i <= n; i++) {
		l = L[i]
		if (i % 5 == 1) gsub(/ /, "  ", l)
		if (i % 7 == 2) l = l "   "
		if (i % 6 == 3) sub(/ /, "\\t", l)
		if (i % 4 == 0) l = l "\\r"
		s = s (i > 1 ? "\\n" : "") l
		if (i % 9 == 0) s = s "\\n"
	      }
	      if (NR % 13 == 0) s = s "\\n" L[n]
	      $3 = s; print
	      if (NR % 17 == 0) print $1 "-tmpl", $2, L[1] "\\n" L[n] }'
}

@test "seenlines: the reference's output, Bloom filter and exact set, several floors" {
	mkcrawl 8 40 > docs
	[ "$(wc -l < docs)" -gt 150 ]
	for min in 20 8 1; do
		reference "$min" < docs > want
		seenlines --min-chars "$min" docs > got
		cmp want got
		seenlines --exact --min-chars "$min" docs > got
		cmp want got
	done
	# the default floor is 20, and lines were removed, some texts emptied
	seenlines docs | cmp want - && false
	seenlines docs | cmp - <(reference 20 < docs)
	run --separate-stderr seenlines -v docs
	[[ $stderr =~ lines:\ ([0-9]+)\ read,\ ([0-9]+)\ removed ]]
	(( BASH_REMATCH[2] * 5 > BASH_REMATCH[1] ))
	[[ $stderr =~ \ ([1-9][0-9]*)\ records\ with\ every\ line\ removed ]]
}

@test "seenlines --count: the lines that N texts hold, every copy, two passes" {
	mkcrawl 8 40 > docs
	for n in 2 3 40 41; do
		reference 20 "$n" docs > want
		seenlines --count "$n" docs > got
		cmp want got
	done
	# Chinese sites too, with every line a key
	mkcrawl 6 20 0 > mixed
	reference 1 5 mixed > want
	seenlines --count 5 --min-chars 1 mixed > got
	cmp want got
	reference 1 < mixed > want
	seenlines --min-chars 1 mixed | cmp want -
	# the counts take memory for each distinct line
	run --separate-stderr seenlines --count 2 -v docs
	[[ $stderr =~ counts:\ [0-9]+\ distinct\ lines\ in\ [0-9]+\ bytes ]]
	# twice the input, given as two files: counts across both
	cat docs docs > twice
	reference 20 3 twice > want
	seenlines --count 3 docs docs > got
	cmp want got
	# -H: the first line of each file is a header, counted in neither pass
	printf 'id\tA header line that is long enough\na\tA header line that is long enough\n' > h1
	printf 'id\tA header line that is long enough\nb\tsomething else, long enough too\n' > h2
	run seenlines -H --count 2 h1 h2
	assert_output "$(printf 'id\tA header line that is long enough\na\tA header line that is long enough\nb\tsomething else, long enough too')"
}

@test "seenlines --count: the files are read twice, so standard input and pipes are refused" {
	printf 'a\tone line that is long enough\n' > docs
	run --separate-stderr seenlines --count 2 < docs
	assert_usage_error "--count reads its inputs twice: name files, not the standard input"
	run --separate-stderr seenlines --count 2 docs -
	assert_usage_error "--count reads its inputs twice: name files, not the standard input"
	run --separate-stderr bash -c 'seenlines --count 2 <(cat docs)'
	assert_failure 2
	[[ $stderr == "seenlines: /dev/fd/"*": Illegal seek (--count reads its inputs twice: a regular file)" ]]
	run --separate-stderr seenlines --count 2 nosuch
	assert_failure 2
	assert_equal "$stderr" "seenlines: nosuch: No such file or directory"
	for opt in --exact "--state s" "-n 5" "-p 0.1"; do
		# shellcheck disable=SC2086
		run --separate-stderr seenlines --count 2 $opt docs
		assert_usage_error "--count keeps counts, not a filter: it takes no -n, -p, --exact or --state"
	done
	run --separate-stderr seenlines --count 1 docs
	assert_usage_error "--count: '1' is not a number from 2 to 4294967295"
}

@test "seenlines --state: lines remembered from one run to the next, in seen's format" {
	mkcrawl 6 30 > docs
	head -n 40 docs > one
	tail -n +41 docs > two
	reference 20 < docs | tail -n +41 > want
	for mode in "" --exact; do
		rm -f state
		# shellcheck disable=SC2086
		seenlines $mode --state state one > /dev/null
		# shellcheck disable=SC2086
		seenlines $mode --state state two > got
		cmp want got
		# seen reads the file: it is one of its state files
		run --separate-stderr seen -v --state state /dev/null
		assert_success
		[[ $stderr == *"keys: 0 read"* ]]
		[[ $stderr == *" keys"* ]]
	done
	# a Bloom filter is used as it was sized
	rm -f state
	seenlines -n 1000 -p 0.001 --state state one > /dev/null
	run --separate-stderr seenlines -p 0.01 --state state two
	assert_failure 2
	assert_equal "$stderr" "seenlines: state: the filter was sized for -p 0.001, not 0.01: leave out -n and -p to use it as it is"
	# another run holds the file: --no-wait fails at once
	run --separate-stderr flock state.lock seenlines --no-wait --state state two
	assert_failure 2
	assert_equal "$stderr" "seenlines: state: in use by another run (--no-wait)"
	# the state is saved only after the output was written
	run --separate-stderr bash -c 'seenlines --state state2 one > /dev/full'
	assert_failure 2
	assert_file_not_exists state2
}

@test "seenlines: CRLF texts and NUL bytes: keys without the CR, bytes kept" {
	printf 'a\tT\tFirst line of a page that is long\\r\\nThe cookie notice of this site, long enough\\r\\nend\n' > docs
	printf 'b\tT\tthe cookie notice  of this site,\\tlong enough\\r\\nA line with a \0 byte in it, long enough\\nx\r\n' >> docs
	printf 'c\tT\tA line with a \0 byte in it, long enough\\nA line with a \0 byte in it, long enough   \n' >> docs
	run --separate-stderr seenlines --casefold docs
	assert_success
	printf 'a\tT\tFirst line of a page that is long\\r\\nThe cookie notice of this site, long enough\\r\\nend\nb\tT\tA line with a \0 byte in it, long enough\\nx\nc\tT\t\n' > want
	seenlines --casefold docs > got
	cmp want got
	# without --casefold the cookie line differs in case
	seenlines docs | sed -n 2p | grep -q 'the cookie notice'
}

@test "seenlines: an empty text stays empty; a text left without lines is kept empty, or rejected" {
	# c: every line removed but a blank one; d: a short line not seen
	# before stays; e: a text of short lines seen before stays (no long
	# line around them goes); f: one after a removed line, at the end,
	# goes with it
	printf 'a\tT\tSubscribe to our newsletter for the latest news\nb\tT\t\nc\tT\tSubscribe to our newsletter for the latest news\\n\\n\nd\tT\tSubscribe to our newsletter for the latest news\\nshort\ne\tT\tshort\nf\tT\tAn article line, long enough\\nSubscribe to our newsletter for the latest news\\nshort\n' > docs
	run --separate-stderr seenlines -v docs
	assert_success
	assert_output "$(printf 'a\tT\tSubscribe to our newsletter for the latest news\nb\tT\t\nc\tT\t\nd\tT\tshort\ne\tT\tshort\nf\tT\tAn article line, long enough')"
	assert_equal "$(printf '%s\n' "$stderr" | sed -n 1,2p)" "seenlines: records: 6 read, 6 written, 0 rejected
seenlines: lines: 11 read, 4 removed (36.4%), 146 characters of 231 removed (63.2%); 1 records with every line removed"
	run --separate-stderr seenlines --drop-empty --rejects rej docs
	assert_failure 1
	assert_output "$(printf 'a\tT\tSubscribe to our newsletter for the latest news\nb\tT\t\nd\tT\tshort\ne\tT\tshort\nf\tT\tAn article line, long enough')"
	assert_equal "$stderr" "seenlines: docs:3: every line of the text was removed (--drop-empty)"
	assert_equal "$(cat rej)" "$(sed -n 3p docs)"
}

@test "seenlines: --casefold and --digits join lines that differ in case or digits; -f and -H" {
	printf 'id\ttext\tn\na\tCopyright 2024 Example Media Group Ltd\t1\nb\tcopyright 2025 example media group ltd\t2\n' > docs
	run seenlines -H -f 2 docs
	assert_output "$(cat docs)"
	run seenlines -H -f 2 --casefold docs
	assert_output "$(cat docs)"
	run seenlines -H -f 2 --digits docs
	assert_output "$(cat docs)"
	run seenlines -H -f 2 --casefold --digits docs
	assert_output "$(printf 'id\ttext\tn\na\tCopyright 2024 Example Media Group Ltd\t1\nb\t\t2')"
	# Unicode digits and case: fullwidth digits are digits, Σ folds
	printf 'a\tΣΣ版权所有 ２０２４ 站点传媒集团有限公司\nb\tσσ版权所有 ２０２５ 站点传媒集团有限公司\n' > zh
	run seenlines --casefold --digits zh
	assert_output "$(printf 'a\tΣΣ版权所有 ２０２４ 站点传媒集团有限公司\nb\t')"
	run --separate-stderr seenlines -f 4 docs
	assert_failure 1
	assert_equal "$stderr" "seenlines: docs:1: no field 4: the record has 3
seenlines: docs:2: no field 4: the record has 3
seenlines: docs:3: no field 4: the record has 3"
}

@test "seenlines: usage errors" {
	run --separate-stderr seenlines --min-chars 0
	assert_usage_error "--min-chars: '0' is not a number from 1 to 1000000"
	run --separate-stderr seenlines --exact -p 0.1
	assert_usage_error "-p does not apply to --exact, which has no false positives"
	run --separate-stderr seenlines --no-wait
	assert_usage_error "--no-wait works only with --state"
	run --separate-stderr seenlines -p 0.9
	assert_usage_error "-p: '0.9' is not a rate from 1e-12 to 0.5"
}
