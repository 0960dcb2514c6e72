await import('#core/access/user.js');
await import('#core/clinic/clinic-ops.js');
const { modules } = await import('#core/modules.js');
console.log(modules.map((m, i) => (m ? m.name : `UNDEFINED at ${i}`)).join(','));
