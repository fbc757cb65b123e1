import { describe, expect, it } from 'vitest';
import { defaultOcrWorkers } from '../src/config';
import { estimatedPages, LANE_QUEUES, laneOf, processingPriority } from '../src/domain/processing-lanes';

describe('processing lanes', () => {
  it('sends text and Word files to the fast lane, PDFs and images to the OCR lane', () => {
    expect(['txt', 'doc', 'docx'].map(laneOf)).toEqual(['fast', 'fast', 'fast']);
    expect(['pdf', 'jpeg', 'png'].map(laneOf)).toEqual(['ocr', 'ocr', 'ocr']);
    expect(LANE_QUEUES.fast).not.toBe(LANE_QUEUES.ocr);
  });

  it('runs shorter scans first within the OCR lane, and gives the fast lane no priority', () => {
    expect(processingPriority('png', 5_000_000)).toBe(1);
    expect(processingPriority('pdf', 50_000)).toBe(1);
    expect(processingPriority('pdf', 4_000_000)).toBe(40);
    expect(processingPriority('pdf', 250_000)!).toBeLessThan(processingPriority('pdf', 20_000_000)!);
    expect(processingPriority('txt', 20_000_000)).toBeUndefined();
    expect(estimatedPages('pdf', 0)).toBe(1);
  });

  it('sizes the OCR workers to the cores, keeping one free, between 1 and 4', () => {
    expect([1, 2, 3, 4, 8, 64].map(defaultOcrWorkers)).toEqual([1, 1, 2, 3, 4, 4]);
  });
});
