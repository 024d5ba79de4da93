const base = 'http://127.0.0.1:4996';
const login = await (await fetch(base + '/api/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ usuario: 'admin', contrasena: 'Bench1234!' }) })).json();
const auth = { authorization: 'Bearer ' + login.access_token };
for (const f of ['gar', 'mar', 'lop', 'jose', 'ana', 'pui', 'nun', 'ferr', 'sol', 'ibañ', 'ma', 'zzzq']) {
  const times = [];
  let total;
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    const r = await fetch(`${base}/api/pacientes?buscar=${encodeURIComponent(f)}`, { headers: auth });
    await r.text(); total = r.headers.get('x-total-count');
    times.push(performance.now() - t);
  }
  console.log(f.padEnd(6), 'total', String(total).padStart(6), 'ms', times.map((t) => t.toFixed(1)).join(' '));
}
for (const q of ['', '?rol=paciente', '?pagina=20&por_pagina=50']) {
  const t = performance.now(); const r = await fetch(`${base}/api/usuarios${q}`, { headers: auth }); await r.text();
  console.log('usuarios' + q, (performance.now() - t).toFixed(1), r.headers.get('x-total-count'));
}
