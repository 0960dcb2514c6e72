import { useEffect, useRef, useState } from 'react';
import { desktopBridge } from '../platform/bridge.js';

/** What a print preview needs: the frame showing `page`, where it prints, and how printing went. */
export interface PrintFrame {
  /** The sandboxed frame (`srcDoc` = the page) whose own print() a browser uses. */
  frame: React.RefObject<HTMLIFrameElement | null>;
  /** The desktop app's configured printer, or null (a browser, or none configured). */
  printer: string | null;
  printing: boolean;
  /** Why the desktop app's printer refused the page ('' when it gave no reason), or null. */
  printError: string | null;
  print: () => Promise<void>;
}

/**
 * Printing an HTML page the desk built from its own database (a budget, a receipt, a prescription), so it
 * works offline: in the desktop app through the bridge to the configured printer, silently; in a browser
 * through the preview frame's own print dialog. `page` is undefined while the document loads.
 */
export function usePrintFrame(page: string | undefined): PrintFrame {
  const frame = useRef<HTMLIFrameElement>(null);
  const [printer, setPrinter] = useState<string | null>(null);
  const [printError, setPrintError] = useState<string | null>(null);
  const [printing, setPrinting] = useState(false);

  useEffect(() => {
    void desktopBridge()
      ?.printer()
      .then(setPrinter, () => undefined);
  }, []);

  const print = async () => {
    if (!page || printing) return;
    setPrintError(null);
    const bridge = desktopBridge();
    if (!bridge) {
      frame.current?.contentWindow?.print();
      return;
    }
    setPrinting(true);
    try {
      const result = await bridge.print(page);
      if (!result.ok) setPrintError(result.reason ?? '');
    } finally {
      setPrinting(false);
    }
  };

  return { frame, printer, printing, printError, print };
}
