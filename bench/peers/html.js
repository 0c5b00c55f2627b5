// The main text of each page named on the command line by Mozilla's
// Readability over linkedom's DOM: records PATH TAB TITLE TAB TEXT, the
// fields escaped as crawlutils records are (\\ \t \n \r).
const fs = require('fs');
const { parseHTML } = require('linkedom');
const { Readability } = require('@mozilla/readability');
const esc = (s) => (s || '').replace(/\\/g, '\\\\').replace(/\t/g, '\\t')
	.replace(/\n/g, '\\n').replace(/\r/g, '\\r');
const out = [];
for (const path of process.argv.slice(2)) {
	let title = '', text = '';
	try {
		const { document } = parseHTML(fs.readFileSync(path, 'utf8'));
		const a = new Readability(document).parse();
		if (a) { title = a.title; text = a.textContent; }
	} catch (e) { }
	out.push(esc(path) + '\t' + esc(title) + '\t' + esc(text));
}
fs.writeSync(1, out.join('\n') + '\n');
