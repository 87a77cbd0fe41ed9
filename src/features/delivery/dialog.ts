/** The id of the page's one "Deliver to" dialog (DeliverToDialog.astro), for the buttons that open it. */
export const DELIVER_TO_DIALOG_ID = 'deliver-to-dialog';
