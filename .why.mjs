import { build } from 'esbuild';
const r = await build({ entryPoints: [process.argv[2]], bundle: true, write: false, metafile: true, platform: 'node', format: 'esm', external: ['@aws-sdk/*'], logLevel: 'error', outfile: 'x.mjs' });
const importers = {};
for (const [f, v] of Object.entries(r.metafile.inputs)) for (const i of v.imports) (importers[i.path] ??= []).push(f);
let cur = process.argv[3]; const seen = new Set();
while (cur && !seen.has(cur)) { console.log(cur); seen.add(cur); cur = (importers[cur] ?? [])[0]; }
const top = Object.entries(r.metafile.outputs['x.mjs'].inputs).map(([k,v])=>[k.replace(/node_modules\/((@[^/]+\/)?[^/]+).*/, '$1'), v.bytesInOutput]).reduce((a,[k,b])=>(a[k]=(a[k]??0)+b,a),{});
console.log(Object.entries(top).sort((a,b)=>b[1]-a[1]).slice(0,15));
