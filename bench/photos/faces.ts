// Face detection per 12 MP photo on one core (target < 1 s): the worker's detector (decode and
// downscale with sharp, TinyFaceDetector 608 + landmarks + 128-d descriptors on TensorFlow.js
// WASM) on 12 MP JPEGs (4000 × 3000): a portrait, a group of four, and a photo with no face.
// CPU time (user + system of the process, sharp on one thread) is the figure that holds on a
// shared machine; wall time is given too.
//   taskset -c 0 npx tsx bench/photos/faces.ts [runs=5]
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { createRequire } from 'node:module';
import { createFaceDetector, FACE_MODEL } from '../../services/documents/src/photos/jobs/faces/face-detector';
import { groupPhoto } from '../../services/documents/test/fixtures/photos';
import { skimageData } from './sample-images';

// The same CommonJS instance of TensorFlow.js as the detector's (an ESM import would be another engine).
const tf = createRequire(import.meta.url)('@tensorflow/tfjs-core') as typeof import('@tensorflow/tfjs-core');
const RUNS = Number(process.argv[2] ?? 5);
sharp.concurrency(1);
const dir = mkdtempSync(path.join(tmpdir(), 'gn-face-bench-'));
const data = skimageData();
const twelve = (input: Buffer | string) =>
  sharp(input).resize(4000, 3000, { fit: 'contain', background: '#607080' }).jpeg({ quality: 90 }).toBuffer();
const photos: [string, Buffer][] = [
  ['portrait (astronaut)', await twelve(path.join(data, 'astronaut.png'))],
  ['group of four (composed)', await twelve(await groupPhoto(4, 2400))],
  ['no face (coffee)', await twelve(path.join(data, 'coffee.png'))],
];
const files = photos.map(([name, buf], i) => {
  const file = path.join(dir, `p${i}.jpg`);
  writeFileSync(file, buf);
  return { name, file, mb: (buf.length / 1e6).toFixed(1) };
});

const detector = createFaceDetector();
const t0 = performance.now();
await detector.detect(files[0]!.file);
console.log(`first detection (backend + models loaded): ${Math.round(performance.now() - t0)} ms`);
const rows: string[] = [];
for (const f of files) {
  const times: number[] = [];
  const cpu: number[] = [];
  let faces = 0;
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    const c = process.cpuUsage();
    faces = (await detector.detect(f.file)).length;
    const used = process.cpuUsage(c);
    cpu.push((used.user + used.system) / 1000);
    times.push(performance.now() - t);
  }
  const median = (xs: number[]) => Math.round([...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!);
  const row = `| ${f.name} | ${f.mb} MB | ${faces} | ${median(cpu)} | ${median(times)} | ${Math.round(Math.max(...times))} |`;
  rows.push(row);
  console.log(row);
}
console.log(
  `\nmodel: ${FACE_MODEL.detector} input ${FACE_MODEL.inputSize}, picture downscaled to ≤ ${FACE_MODEL.maxSide} px; backend ${tf.getBackend()}; ${RUNS} runs each`,
);
console.log(
  '| 12 MP photo (4000 × 3000 JPEG) | file | faces | CPU ms (median) | wall ms (median) | wall ms (max) |\n|---|---|---|---|---|---|',
);
for (const r of rows) console.log(r);
console.log(
  `tensors alive after all runs: ${tf.memory().numTensors}; RSS ${Math.round(process.memoryUsage().rss / 1e6)} MB`,
);
rmSync(dir, { recursive: true, force: true });
