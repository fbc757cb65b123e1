import { startFakeAnthropic } from '@gnology/testing/fakes/anthropic';
import { startFakeOpenAi } from '@gnology/testing/fakes/openai';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { documentsEnvSchema } from '../src/config';
import { createHandwritingTranscriber, imageTokens, PROMPT_TOKENS } from '../src/library/jobs/handwriting/transcriber';

const config = (env: Record<string, string>) => ({ ...documentsEnvSchema.parse(env) }) as never;

async function page() {
  const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#f3ecdc' } })
    .jpeg()
    .toBuffer();
  return { jpeg, width: 300, height: 200 };
}

/** The handwriting models through the real SDK / fetch against loopback fakes (decision 0155). */
describe('handwriting transcribers', () => {
  it('is off without a model, and never assumes a text-only OpenAI-compatible model sees images', () => {
    expect(createHandwritingTranscriber(config({}))).toBeNull();
    expect(createHandwritingTranscriber(config({ OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' }))).toBeNull();
    expect(createHandwritingTranscriber(config({ ANTHROPIC_API_KEY: 'k', HANDWRITING_PROVIDER: 'off' }))).toBeNull();
    expect(createHandwritingTranscriber(config({ ANTHROPIC_API_KEY: 'k' }))).toMatchObject({
      provider: 'anthropic',
      model: 'claude-sonnet-4-6',
    });
    expect(
      createHandwritingTranscriber(
        config({ OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', HANDWRITING_OPENAI_MODEL: 'qwen2.5vl' }),
      ),
    ).toMatchObject({
      provider: 'openai',
      model: 'qwen2.5vl',
    });
  });

  it('sends the page to Claude as a base64 JPEG and counts prompt-cache tokens as input', async () => {
    const fake = await startFakeAnthropic();
    try {
      fake.enqueue({
        text: '  Dear Margaret  ',
        usage: { input_tokens: 500, output_tokens: 9, cache_creation_input_tokens: 20, cache_read_input_tokens: 30 },
      });
      const model = createHandwritingTranscriber(
        config({ ANTHROPIC_API_KEY: 'k', ANTHROPIC_BASE_URL: fake.url, HANDWRITING_ANTHROPIC_MODEL: 'claude-x' }),
      )!;
      const out = await model.transcribe(await page(), { maxTokens: 700 });
      expect(out).toEqual({ text: 'Dear Margaret', usage: { inputTokens: 550, outputTokens: 9 } });
      const body = fake.requests[0]!.body;
      expect(body).toMatchObject({ model: 'claude-x', max_tokens: 700 });
      expect(body.messages[0].content[0]).toMatchObject({
        type: 'image',
        source: { type: 'base64', media_type: 'image/jpeg' },
      });
    } finally {
      await fake.close();
    }
  });

  it('sends the page to an OpenAI-compatible server as an image_url data URL', async () => {
    const fake = await startFakeOpenAi();
    try {
      fake.enqueue({ text: 'Dear Margaret', usage: { prompt_tokens: 812, completion_tokens: 4 } });
      const model = createHandwritingTranscriber(
        config({ OPENAI_BASE_URL: fake.url, HANDWRITING_OPENAI_MODEL: 'qwen2.5vl' }),
      )!;
      const out = await model.transcribe(await page(), { maxTokens: 300 });
      expect(out).toEqual({ text: 'Dear Margaret', usage: { inputTokens: 812, outputTokens: 4 } });
      const body = fake.requests[0]!.body;
      expect(body).toMatchObject({ model: 'qwen2.5vl', max_tokens: 300 });
      const [image, text] = body.messages[1].content;
      expect(image.type).toBe('image_url');
      expect(image.image_url.url).toMatch(/^data:image\/jpeg;base64,\/9j\//);
      expect(text).toEqual({ type: 'text', text: 'Transcribe this page.' });
    } finally {
      await fake.close();
    }
  });

  it('estimates an image as Anthropic does (w × h / 750)', () => {
    expect(imageTokens(1092, 1092)).toBe(1590);
    expect(imageTokens(1568, 1109) + PROMPT_TOKENS).toBeLessThan(2_800);
  });
});
