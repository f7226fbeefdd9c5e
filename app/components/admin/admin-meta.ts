import { SITE_NAME } from '../../../common/site.ts';

/** An admin page's meta: its title, and never indexed (meta replaces the parent's). */
export function adminMeta(title: string) {
  return [{ title: `${title} | Admin | ${SITE_NAME}` }, { name: 'robots', content: 'noindex' }];
}
