# README.md: every example with its output is run, in order, and must
# print exactly what the README shows (so the README cannot rot); the
# scale-out commands it gives (GNU parallel) give what one process gives.
# An example is an indented line "$ COMMAND" (continued while a line ends
# in | or \), followed by its output up to the next "$ " line or the end
# of the block; a command shown without output is an illustration (it
# needs files the reader has) and is not run.
bats_require_minimum_version 1.5.0
load helper

TOP="$BATS_TEST_DIRNAME/.."

@test "readme: every example prints what the README shows" {
	ln -s "$TOP/examples" examples
	ln -s "$TOP/tests" tests
	# into files ex.N.cmd and ex.N.want
	awk '
	function flush() {
		if (cmd != "" && out != "") {
			n++
			printf "%s", cmd > ("ex." n ".cmd"); close("ex." n ".cmd")
			printf "%s", out > ("ex." n ".want"); close("ex." n ".want")
		}
		cmd = ""; out = ""; cont = 0; blank = ""
	}
	# a blank line inside an output, if the block goes on after it
	/^$/ && cmd != "" { blank = blank "\n"; next }
	/^    / {
		line = substr($0, 5)
		if (cont) {
			cmd = cmd line "\n"
			cont = line ~ /[|\\]$/
			next
		}
		if (line ~ /^\$ /) {
			flush()
			cmd = substr(line, 3) "\n"
			cont = line ~ /[|\\]$/
			next
		}
		if (cmd != "")
			out = out blank line "\n"
		blank = ""
		next
	}
	{ flush() }
	END { flush(); print n > "count" }' "$TOP/README.md"
	n=$(cat count)
	[ "$n" -ge 14 ] || fail "only $n examples found in README.md"
	for i in $(seq "$n"); do
		bash -o pipefail ex.$i.cmd > ex.$i.got 2>&1 || fail "README example $i failed: $(cat ex.$i.cmd) $(cat ex.$i.got)"
		cmp -s ex.$i.want ex.$i.got ||
			fail "README example $i: $(cat ex.$i.cmd)$(printf '\nwant:\n')$(cat ex.$i.want)$(printf '\ngot:\n')$(cat ex.$i.got)"
	done
}

@test "readme: the scale-out commands give what one process gives" {
	command -v parallel >/dev/null || skip "no GNU parallel"
	export LC_ALL=C
	for i in $(seq 100); do sed "s/^/$i-/" "$TOP/examples/texts.tsv"; done > docs.tsv
	# records: blocks of the input to one process each, in order
	simhash -n 7 docs.tsv > want
	parallel --pipe -k --block 20k simhash -n 7 < docs.tsv > got
	cmp want got
	# across hosts (":" is this one, without ssh)
	parallel -S : --pipe -k --block 20k simhash -n 7 < docs.tsv > got
	cmp want got
	# nearpairs as map/reduce
	nearpairs -k 4 want > pairs.want
	NEARPAIRS_OPTS='-k 4' NEARPAIRS_BLOCK=20k sh "$TOP/examples/nearpairs-mapreduce.sh" want > pairs.got
	cmp pairs.want pairs.got
	[ "$(wc -l < pairs.want)" -gt 1000 ]
	# files: many to a process, in order
	mkdir -p mirror/example.com/news
	for i in $(seq 40); do
		printf '<title>Page %s</title><article><h1>Page %s</h1><p>%s</p></article>\n' "$i" "$i" \
		    "The text of page $i, long enough to be the main text of its page, which is what htmltext keeps." \
		    > "mirror/example.com/news/$i.html"
	done
	find mirror -name '*.html' -print0 | sort -z | xargs -0 htmltext --url-from-path > want
	find mirror -name '*.html' -print0 | sort -z | parallel -0 -X -k htmltext --url-from-path > got
	cmp want got
	[ "$(wc -l < got)" -eq 40 ]
}
