/**
 * TEMPORARY: the Qi endpoints as the backend is writing them, typed by hand in openapi-typescript's
 * shape until the regenerated client (commit "Qi API") lands; then the hooks use `api` and the
 * generated `Schemas`, and this file goes.
 */
import type { Client } from 'openapi-fetch';
import { api, type Schemas } from '@/lib/api-client';

type Json<T> = { content: { 'application/json': T } };
type Problem = Json<Schemas['Problem']>;

export interface QiClient {
  title?: Schemas['Title'] | null;
  firstName: string | null;
  lastName: string | null;
  gender: Schemas['Gender'] | null;
  dateOfBirth: string | null;
  smoking: Schemas['Smoking'] | null;
}

export interface QiClientInput {
  title?: Schemas['Title'] | null;
  firstName?: string | null;
  lastName?: string | null;
  gender?: Schemas['Gender'] | null;
  dateOfBirth?: string | null;
  smoking?: Schemas['Smoking'] | null;
}

export interface QiView {
  id: string;
  adviserId: string;
  client: QiClient;
  clientErrors: Schemas['FieldError'][];
  enquiry: Schemas['Enquiry'];
  steps: { clientDetailsComplete: boolean; conditionsComplete: boolean };
  indication: Schemas['CoverOutcome'][] | null;
  quote: { covers: Schemas['Cover'][]; quote: Schemas['Quote'] } | null;
  applicationId: number | null;
  expired: boolean;
  createdAt: string;
  updatedAt: string;
  expiresAt: string;
  version: number;
}

export interface QiSummary {
  id: string;
  clientName: string;
  dateOfBirth: string | null;
  outcomes: { productType: Schemas['ProductType']; outcome: Schemas['DisplayedOutcome'] }[];
  applicationId: number | null;
  createdAt: string;
  expiresAt: string;
}

interface QiPaths {
  '/api/v1/qi': {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get: { parameters: { query?: never; header?: never; path?: never; cookie?: never }; requestBody?: never; responses: { 200: Json<{ results: QiSummary[] }> } };
    post: {
      parameters: { query?: { adviserId?: string }; header?: never; path?: never; cookie?: never };
      requestBody: Json<QiClientInput>;
      responses: { 201: Json<QiView>; 422: Problem };
    };
  };
  '/api/v1/qi/{qiId}': {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get: { parameters: { query?: never; header?: never; path: { qiId: string }; cookie?: never }; requestBody?: never; responses: { 200: Json<QiView>; 404: Problem } };
  };
  '/api/v1/qi/{qiId}/client': {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    put: { parameters: { query?: never; header?: never; path: { qiId: string }; cookie?: never }; requestBody: Json<QiClientInput>; responses: { 200: Json<QiView>; 422: Problem } };
  };
  '/api/v1/qi/{qiId}/answers': {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    post: {
      parameters: { query?: never; header?: never; path: { qiId: string }; cookie?: never };
      requestBody: Json<{ answers: Schemas['Answer'][] }>;
      responses: { 200: Json<QiView>; 422: Problem };
    };
  };
  '/api/v1/qi/{qiId}/application': {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    post: { parameters: { query?: never; header?: never; path: { qiId: string }; cookie?: never }; requestBody?: never; responses: { 201: Json<{ applicationId: number }>; 409: Problem } };
  };
  '/api/v1/decision/qi/{qiId}/risk': {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    post: { parameters: { query?: never; header?: never; path: { qiId: string }; cookie?: never }; requestBody?: never; responses: { 200: Json<QiView>; 422: Problem } };
  };
  '/api/v1/decision/qi/{qiId}/quote': {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    post: {
      parameters: { query?: never; header?: never; path: { qiId: string }; cookie?: never };
      requestBody: Json<{ covers: Schemas['CoverInput'][] }>;
      responses: { 200: Json<QiView>; 422: Problem };
    };
  };
  '/api/v1/document/interview/{qiId}/{clientId}/quote': {
    parameters: { query?: never; header?: never; path?: never; cookie?: never };
    get: {
      parameters: { query?: { fileName?: string; alreadyExists?: boolean; adviserId?: string }; header?: never; path: { qiId: string; clientId: string }; cookie?: never };
      requestBody?: never;
      responses: { 200: { content: { 'application/pdf': Blob } }; 404: Problem };
    };
  };
}

/** The one API client, typed with the Qi endpoints (same instance: its auth and retries apply). */
export const qiApi = api as unknown as Client<QiPaths>;
