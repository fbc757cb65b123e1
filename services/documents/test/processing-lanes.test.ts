import { describe, expect, it } from 'vitest';
import { defaultOcrWorkers } from '../src/config';
import { estimatedPages, LANE_QUEUES, laneOf, processingPriority } from '../src/library/domain/processing-lanes';
import { COUNT_PDF_MAX_BYTES } from '../src/library/jobs/ocr-cost';

describe('processing lanes', () => {
  it('sends text and Word files to the fast lane, PDFs and images to the OCR lane', () => {
    expect(['txt', 'doc', 'docx'].map(laneOf)).toEqual(['fast', 'fast', 'fast']);
    expect(['pdf', 'jpeg', 'png'].map(laneOf)).toEqual(['ocr', 'ocr', 'ocr']);
    expect(LANE_QUEUES.fast).not.toBe(LANE_QUEUES.ocr);
  });

  it('runs shorter scans first within the OCR lane, and gives the fast lane no priority', () => {
    expect(processingPriority('png', { pages: 1 }, 0)).toBe(1);
    expect(processingPriority('pdf', { pages: 40 }, 0)).toBe(40);
    expect(processingPriority('pdf', { pages: 3 }, 0)!).toBeLessThan(processingPriority('pdf', { pages: 200 }, 0)!);
    expect(processingPriority('txt', { pages: 1 }, 0)).toBeUndefined();
  });

  it('estimates only PDFs too large to count at upload from their size (100 KB a page)', () => {
    expect(estimatedPages('pdf', 0)).toBe(1);
    expect(estimatedPages('pdf', 20_000_000)).toBe(200);
    expect(estimatedPages('png', 20_000_000)).toBe(1);
    expect(COUNT_PDF_MAX_BYTES).toBeGreaterThanOrEqual(8_000_000);
  });

  it('sizes the OCR workers to the cores, keeping one free, between 1 and 4', () => {
    expect([1, 2, 3, 4, 8, 64].map(defaultOcrWorkers)).toEqual([1, 1, 2, 3, 4, 4]);
  });
});
