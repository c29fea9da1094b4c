// Meta tags and social tags: read one by URL, list all, write some fields of one.
import type { Handler } from '../api.ts';
import { readMetaInput, readSocialInput } from '../tag-input.ts';
import { pagedResponse, readPaging } from './input.ts';

export const getMeta: Handler = (request, { store }) => {
  const url = request.query.get('url');
  if (url) return { body: store.getMeta(url) };
  const paging = readPaging(request.query);
  const { items, total } = store.listMeta(paging.page, paging.perPage);
  return pagedResponse(request, items, total, paging);
};

export const setMeta: Handler = (request, { store, hosts }) => {
  const { url, values } = readMetaInput(request.body, hosts);
  return { body: store.setMeta(url, values) };
};

export const getSocial: Handler = (request, { store }) => {
  const url = request.query.get('url');
  if (url) return { body: store.getSocial(url) };
  const paging = readPaging(request.query);
  const { items, total } = store.listSocial(paging.page, paging.perPage);
  return pagedResponse(request, items, total, paging);
};

export const setSocial: Handler = (request, { store, hosts }) => {
  const { url, og, twitter } = readSocialInput(request.body, hosts);
  return { body: store.setSocial(url, { og, twitter }) };
};
