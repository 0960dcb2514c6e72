const mod = await import('#core/ticket/index.js');
const { modules } = await import('#core/modules.js');
console.log(modules.map((m, i) => (m ? m.name : `UNDEFINED at ${i}`)).join(','));
