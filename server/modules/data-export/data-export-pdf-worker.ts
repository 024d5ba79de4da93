import { parentPort, workerData } from 'node:worker_threads';
import { renderDataExportPdf, type DataExportPdfJob } from './data-export-pdf.ts';

// Runs in a worker thread: pdfkit lays text out synchronously, and a long record takes seconds.
const job = workerData as DataExportPdfJob;
parentPort?.postMessage(await renderDataExportPdf(job.data, job.options));
