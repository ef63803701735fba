import { useEffect, useRef, useState } from 'react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useFileBlob } from '../api/file-blob';
import { Spinner } from '../../../components/spinner';
import { loadErrorMessage } from '../../../lib/error-message';

/** pdf.js is large: loaded on the first preview only, never with the app's first screens. */
let pdfjsPromise: Promise<typeof import('pdfjs-dist')> | undefined;
function loadPdfjs() {
  pdfjsPromise ??= import('pdfjs-dist').then((pdfjs) => {
    pdfjs.GlobalWorkerOptions.workerSrc = new URL(
      'pdfjs-dist/build/pdf.worker.min.mjs',
      import.meta.url,
    ).toString();
    return pdfjs;
  });
  return pdfjsPromise;
}

interface PdfPreviewProps {
  fileId: number;
  fileName: string;
  /** CSS width the page is drawn at; the canvas uses the screen's pixel ratio for sharp text. */
  width?: number;
  /**
   * In a dialog: at most `width`, but no wider than the space it is given (a phone) and no taller
   * than the dialog can show with the page buttons under it, so a whole page is seen at once.
   */
  fit?: boolean;
}

/** Renders a stored PDF in the page (first page, then page by page), fetched with the session's token. */
export function PdfPreview({ fileId, fileName, width = 320, fit = false }: PdfPreviewProps) {
  const blob = useFileBlob(fileId);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const figureRef = useRef<HTMLElement>(null);
  const [doc, setDoc] = useState<PDFDocumentProxy>();
  const [pageNo, setPageNo] = useState(1);
  const [error, setError] = useState<string>();
  const [rendering, setRendering] = useState(true);

  useEffect(() => {
    if (!blob.data) return;
    let cancelled = false;
    let loaded: PDFDocumentProxy | undefined;
    setError(undefined);
    (async () => {
      const pdfjs = await loadPdfjs();
      // pdf.js takes ownership of the buffer it is given: a fresh copy from the cached blob each time.
      const data = new Uint8Array(await blob.data.arrayBuffer());
      loaded = await pdfjs.getDocument({ data, isEvalSupported: false }).promise;
      if (cancelled) return void loaded.destroy();
      setPageNo(1);
      setDoc(loaded);
    })().catch(
      () => !cancelled && setError('This PDF cannot be previewed. Download it to open it.'),
    );
    return () => {
      cancelled = true;
      void loaded?.destroy();
      setDoc(undefined);
    };
  }, [blob.data]);

  useEffect(() => {
    if (!doc || !canvasRef.current) return;
    let task: ReturnType<Awaited<ReturnType<PDFDocumentProxy['getPage']>>['render']> | undefined;
    let cancelled = false;
    setRendering(true);
    (async () => {
      const page = await doc.getPage(pageNo);
      if (cancelled || !canvasRef.current) return;
      const base = page.getViewport({ scale: 1 });
      const ratio = window.devicePixelRatio || 1;
      let scale = width / base.width;
      if (fit) {
        const room = figureRef.current?.clientWidth || width;
        // The dialog is at most 92vh: its title, padding and the page buttons take about 160 px.
        const high = Math.max(240, window.innerHeight * 0.92 - 160);
        scale = Math.min(Math.min(width, room) / base.width, high / base.height);
      }
      const viewport = page.getViewport({ scale: scale * ratio });
      const canvas = canvasRef.current;
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      canvas.style.width = `${Math.floor(viewport.width / ratio)}px`;
      canvas.style.height = `${Math.floor(viewport.height / ratio)}px`;
      task = page.render({ canvas, viewport });
      await task.promise;
      if (!cancelled) {
        setRendering(false);
        canvas.dataset.rendered = 'true';
      }
    })().catch((e: Error) => {
      if (!cancelled && e?.name !== 'RenderingCancelledException')
        setError('This PDF cannot be previewed. Download it to open it.');
    });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [doc, pageNo, width, fit]);

  if (blob.error || error) {
    return (
      <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
        {blob.error ? loadErrorMessage(blob.error) : error}
      </p>
    );
  }
  const pages = doc?.numPages ?? 0;
  return (
    <figure ref={figureRef} className="flex flex-col items-center gap-2">
      <div
        className="relative max-w-full overflow-auto rounded border border-gray-200 bg-white"
        style={{ minHeight: 120, minWidth: Math.min(width, 200) }}
      >
        <canvas
          ref={canvasRef}
          aria-label={`Preview of ${fileName}, page ${pageNo}${pages ? ` of ${pages}` : ''}`}
          role="img"
          data-testid="pdf-canvas"
        />
        {(rendering || !doc) && (
          <span
            className="absolute inset-0 flex items-center justify-center gap-2 bg-white/70 text-sm text-gray-700"
            role="status"
          >
            <Spinner /> Loading preview…
          </span>
        )}
      </div>
      {pages > 1 && (
        <figcaption className="flex items-center gap-2 text-sm">
          <button
            type="button"
            className="rounded border border-gray-300 px-2 py-1 disabled:opacity-50"
            onClick={() => setPageNo((p) => p - 1)}
            disabled={pageNo <= 1}
            aria-label="Previous page"
          >
            ‹
          </button>
          <span aria-live="polite">
            Page {pageNo} of {pages}
          </span>
          <button
            type="button"
            className="rounded border border-gray-300 px-2 py-1 disabled:opacity-50"
            onClick={() => setPageNo((p) => p + 1)}
            disabled={pageNo >= pages}
            aria-label="Next page"
          >
            ›
          </button>
        </figcaption>
      )}
    </figure>
  );
}
