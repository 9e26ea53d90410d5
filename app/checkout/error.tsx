"use client";

// A customer's page failed unexpectedly: words for the customer, and nothing of the console's in their phone.
export { CustomerPageError as default } from "@/components/ui/customer-page-error";
