import { epcRegisterApi, fullPostcodePattern, normalisePostcode } from '@pds/contracts';
import { Router, type Request, type Response } from 'express';
import { faulted, type EpcFaults } from './faults';
import { searchRowOf, type EpcRegister } from './register';

// The register's API as api.yml (communitiesuk/epb-data-warehouse) documents it: GET only, `Authorization: Bearer`,
// parameters in the query string, errors as `{"error": "…"}` (400, 404) or `{"errors": [{"code": …}]}` (a refused
// token, 500). A request without our token is refused as the service's own controllers refuse it (403).

export interface EpcApiState extends EpcFaults {
  register: EpcRegister;
  token: string;
}

const { registerMessages: messages, registerMaxPageSize } = epcRegisterApi;

const wholeNumber = (value: unknown) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : undefined);

const authorised = (state: EpcApiState, req: Request, res: Response): boolean => {
  if (req.header('authorization') === `Bearer ${state.token}`) return true;
  res.status(403).json({ errors: [{ code: 'UNAUTHORISED', title: 'You are not authenticated' }] });
  return false;
};

const search = (state: EpcApiState) => async (req: Request, res: Response) => {
  if (!authorised(state, req, res) || (await faulted(state, 'search', res))) return;
  const q = req.query as Record<string, unknown>;
  const text = (name: string) => (typeof q[name] === 'string' ? (q[name] as string) : undefined);
  const currentPage = q.current_page === undefined ? 1 : wholeNumber(q.current_page);
  const pageSize = q.page_size === undefined ? registerMaxPageSize : wholeNumber(q.page_size);
  if (pageSize === undefined || pageSize < 1 || pageSize > registerMaxPageSize)
    return res.status(400).json({ error: messages.invalidPageSize });
  const uprn = text('uprn');
  const postcode = text('postcode');
  const address = text('address');
  if (uprn === undefined && postcode === undefined && address === undefined)
    return res.status(400).json({ error: messages.missingParameters });
  if (uprn !== undefined && !(wholeNumber(uprn) !== undefined && Number(uprn) > 0))
    return res.status(400).json({ error: messages.invalidUprn });
  if (postcode !== undefined && !fullPostcodePattern.test(normalisePostcode(postcode)))
    return res.status(400).json({ error: messages.invalidPostcode });
  const found = state.register.search({ uprn, postcode, address });
  if (found.length === 0) return res.status(404).json({ error: messages.noCertificates });
  const totalPages = Math.ceil(found.length / pageSize);
  if (currentPage === undefined || currentPage < 1 || currentPage > totalPages) {
    return res
      .status(400)
      .json({ error: `The requested page number ${String(q.current_page)} is out of range. Total pages: ${totalPages}` });
  }
  res.json({
    data: found.slice((currentPage - 1) * pageSize, currentPage * pageSize).map(searchRowOf),
    pagination: {
      totalRecords: found.length,
      currentPage,
      totalPages,
      nextPage: currentPage < totalPages ? currentPage + 1 : null,
      prevPage: currentPage > 1 ? currentPage - 1 : null,
      pageSize,
    },
  });
};

const certificate = (state: EpcApiState) => async (req: Request, res: Response) => {
  if (!authorised(state, req, res) || (await faulted(state, 'certificate', res))) return;
  const number = req.query.certificate_number;
  if (typeof number !== 'string' || !/^\d{4}(-\d{4}){4}$/.test(number))
    return res.status(400).json({ error: 'The certificate number is not valid' });
  const entry = state.register.certificate(number);
  if (!entry) return res.status(404).json({ error: messages.certificateNotFound });
  res.json({ data: entry.document });
};

export const epcApiRoutes = (state: EpcApiState): Router => {
  const router = Router();
  router.get(epcRegisterApi.registerApiPaths.domesticSearch, search(state));
  router.get(epcRegisterApi.registerApiPaths.certificate, certificate(state));
  return router;
};
