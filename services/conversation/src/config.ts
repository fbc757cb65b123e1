import { z } from 'zod';
import type { ServiceEnv } from '@gnology/platform/service-env';

/** Variables of the conversation service beyond the common ones (shared/platform/src/service-env.ts). */
export const conversationEnvSchema = z.object({});

export type ConversationConfig = ServiceEnv & z.infer<typeof conversationEnvSchema>;
