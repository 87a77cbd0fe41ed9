/** POST and GET /api/customer/complaints: src/features/complaints (contract.ts, routes.ts). */
import { createComplaintEndpoint, listComplaintsEndpoint } from '#features/complaints/routes.ts';
import { mount } from '#lib/http/handler.ts';

export const { POST, GET, HEAD, ALL } = mount(createComplaintEndpoint, listComplaintsEndpoint);
