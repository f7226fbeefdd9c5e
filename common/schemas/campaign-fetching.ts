/**
 * Reading campaign pages from their platforms: the owner's switch (off
 * until turned on) and the editor's request for a page's title, image and
 * description. One schema each for the form and the server.
 */
import { z } from 'zod';

export const campaignFetchingSettingsSchema = z.object({
  enabled: z.boolean({ error: 'enabled must be true or false' }),
});

export const campaignPreviewSchema = z.object({
  url: z
    .string({ error: 'Campaign URL is required' })
    .trim()
    .min(1, 'Campaign URL is required')
    .max(2048, 'Campaign URL must be at most 2048 characters'),
});

export type CampaignPreviewInput = z.input<typeof campaignPreviewSchema>;
