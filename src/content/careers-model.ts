// What the careers page and its island need to know about a job, without reading any file.

/** Department filter of /careers, 'All' first. */
export const departments = ['All', 'Engineering', 'Product', 'Design', 'Marketing', 'Sales', 'Operations'] as const;
export type Department = Exclude<(typeof departments)[number], 'All'>;

export type Job = {
  id: string;
  title: string;
  department: Department;
  location: string;
  type: 'Full-time' | 'Part-time' | 'Contract';
  experience: string;
  description: string;
  requirements: string[];
  /** ISO date the position was posted (JobPosting.datePosted). */
  posted: string;
  /** Where applicants may live (remote roles) and/or the office (hybrid roles), for JobPosting JSON-LD. */
  remoteIn?: { kind: 'Country' | 'AdministrativeArea'; name: string }[];
  office?: { city: string; region: string; country: string };
};
