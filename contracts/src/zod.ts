import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';

// Every schema in the contracts is built from this one extended zod, so that `.openapi()` metadata is available
// to the document generator and the same schema validates requests at run time.
extendZodWithOpenApi(z);

export { z };
