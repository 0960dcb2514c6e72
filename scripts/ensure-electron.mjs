// Checks that the Electron binary is present before `npm start` spends time building.
// npm installs the `electron` package, but its binary comes from a postinstall download (GitHub releases),
// which this project's install does not run (package.json: allowScripts.electron = false) and which
// machines without internet cannot do. Without the binary, `electron` fails with a cryptic stack trace;
// this prints what to do instead, in pt-BR and English. Exit code 1 stops the `&&` chain.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/** @returns {string | undefined} why Electron cannot start, or undefined when it can. */
function problem() {
  if (process.env.ELECTRON_OVERRIDE_DIST_PATH) return undefined; // a custom Electron build is in use
  let dir;
  try {
    dir = path.dirname(require.resolve('electron/package.json'));
  } catch {
    return 'package "electron" is not installed (npm install)';
  }
  const pathFile = path.join(dir, 'path.txt');
  if (!existsSync(pathFile)) return `${pathFile} is missing`;
  const binary = path.join(dir, 'dist', readFileSync(pathFile, 'utf8').trim());
  if (!existsSync(binary)) return `${binary} is missing`;
  return undefined;
}

const reason = problem();
if (reason) {
  console.error(`
Clinic: o Electron não está instalado nesta máquina (${reason}).

  O pacote npm "electron" foi instalado, mas o programa Electron em si é baixado à parte, da
  internet (GitHub). Em uma máquina com acesso à internet, na pasta do projeto, rode:

      node node_modules/electron/install.js

  e depois "npm start" de novo. Sem internet, copie a pasta node_modules/electron/dist e o arquivo
  node_modules/electron/path.txt de uma máquina onde o comando acima funcionou (mesmo sistema
  operacional). Enquanto isso, a versão web funciona no navegador: npm run web

Clinic: Electron is not installed on this machine (${reason}).

  The "electron" npm package is installed, but the Electron program itself is downloaded separately
  from the internet (GitHub). On a machine with internet access, in the project folder, run:

      node node_modules/electron/install.js

  then "npm start" again. Offline, copy node_modules/electron/dist and node_modules/electron/path.txt
  from a machine where the command above worked (same operating system). Meanwhile, the web version
  runs in a browser: npm run web
`);
  process.exit(1);
}
