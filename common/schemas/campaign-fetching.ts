/**
 * Reading campaign pages from their platforms: the owner's switch (off
 * until turned on) and the editor's request for a page's title, image and
 * description. One schema each for the form and the server.
 */
import { z } from 'zod';
import { isOneLine, oneLineMessage } from './fields.ts';

export const campaignFetchingSettingsSchema = z.object({
  enabled: z.boolean({ error: 'enabled must be true or false' }),
});

export const campaignPreviewSchema = z.object({
  url: z
    .string({ error: 'Campaign URL is required' })
    .trim()
    .min(1, 'Campaign URL is required')
    .max(2048, 'Campaign URL must be at most 2048 characters')
    // What is fetched is what `new URL()` reads, which drops tabs and line breaks: refused rather than guessed at.
    .refine(isOneLine, oneLineMessage('Campaign URL')),
});

export type CampaignPreviewInput = z.input<typeof campaignPreviewSchema>;
