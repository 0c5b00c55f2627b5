// URLs of a file (one a line) through a peer: normalize-url (its
// defaults) or whatwg-url (new URL().href); an error gives an empty line.
const fs = require('fs');
const which = process.argv[2], file = process.argv[3];
const lines = fs.readFileSync(file, 'utf8').split('\n');
if (lines[lines.length - 1] === '') lines.pop();
(async () => {
	let f;
	if (which === 'normalize-url') {
		// an ES module: import() does not look in NODE_PATH, require does
		const { pathToFileURL } = require('url');
		const m = await import(pathToFileURL(require.resolve('normalize-url')).href);
		f = (u) => m.default(u);
	} else {
		const { URL } = require('whatwg-url');
		f = (u) => new URL(u).href;
	}
	const out = [];
	for (const l of lines) {
		try { out.push(f(l)); } catch (e) { out.push(''); }
	}
	fs.writeSync(1, out.join('\n') + '\n');
})();
