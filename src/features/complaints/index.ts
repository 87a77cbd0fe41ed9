/**
 * The complaints feature's server surface: what pages and the server's wiring use of its server
 * code — the order page's complaint section, the staff order page's complaints, a customer's complaints, the queue, and the photo
 * clean-up job.
 */
export {
  complaintQueue,
  customerComplaints,
  type OrderComplaints,
  orderComplaints,
  staffOrderComplaints,
} from './server/complaints.ts';
export { complaintPhotoJob, pruneComplaintPhotos } from './server/photos.ts';
